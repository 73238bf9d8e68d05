import type { HandOverReason } from '../../../shared/domain/flows/flow-run';

/** What the flow engine writes into a conversation for the attendants (internal notes). */
export const flowTexts = {
  answersTitle: 'Respostas do cliente ao robô:',
  handOver: {
    invalid_answer: 'O robô não entendeu as respostas do cliente e passou o atendimento para a equipe.',
    http_error: 'O robô não conseguiu consultar o sistema externo e passou o atendimento para a equipe.',
    loop: 'O robô foi interrompido por repetir passos sem resposta do cliente e passou o atendimento para a equipe.',
  } satisfies Record<HandOverReason, string>,
  expiredNote: 'O cliente não respondeu ao robô a tempo: o atendimento automático foi encerrado e aguarda a equipe.',
  notPublished: 'Publique o fluxo antes de usá-lo.',
  flowNotFound: 'Fluxo não encontrado.',
  ticketClosed: 'Este atendimento já foi finalizado.',
  cannotPublish: 'O fluxo tem problemas que impedem a publicação.',
  nameTaken: 'Já existe um fluxo com este nome.',
  versionNotFound: 'Versão não encontrada.',
  outsideWindow: 'Fora da janela de 24 horas: o primeiro passo do fluxo precisa ser um modelo aprovado.',
} as const;
