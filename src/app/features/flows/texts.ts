import type { FlowNodeType } from '../../../shared/domain/flows/flow-schema';
import { EXIT_NAMES } from '../../../shared/domain/flows/flow-check';

/** The chat-flow screens' texts (issue 16), pt-BR. */
export const flowTexts = {
  passive: {
    description: 'Fluxos passivos respondem sozinhos quando um cliente escreve pela primeira vez em uma conexão: saúdam, perguntam e levam o atendimento ao departamento certo.',
    empty: 'Nenhum fluxo passivo',
    emptyHint: 'Crie o primeiro com “Novo fluxo” e escolha em qual conexão ele atende.',
  },
  active: {
    description: 'Fluxos ativos são iniciados pela loja: um atendente inicia um fluxo para o cliente pela conversa (“Iniciar fluxo”).',
    empty: 'Nenhum fluxo ativo',
    emptyHint: 'Crie o primeiro com “Novo fluxo”; depois de publicado, ele aparece em “Iniciar fluxo” na conversa.',
  },
  newFlow: 'Novo fluxo',
  search: 'Buscar fluxo',
  loadError: 'Não foi possível carregar os fluxos',
  columns: { name: 'Nome', version: 'Versão publicada', instances: 'Conexões', sessions: 'Em andamento', updated: 'Atualizado em' },
  notPublished: 'Rascunho',
  changed: 'alterações não publicadas',
  actions: { edit: 'Editar no construtor', useOn: 'Usar em uma conexão', delete: 'Excluir' },
  confirmDelete: { title: 'Excluir fluxo', message: (name: string) => `Excluir o fluxo “${name}”? As conversas em andamento terminam com a versão em que começaram.`, confirm: 'Excluir' },
  deleted: (name: string) => `Fluxo “${name}” excluído.`,
  created: 'Fluxo criado.',
  namePrompt: 'Nome do fluxo',
  useOn: { title: 'Usar em uma conexão', instance: 'Conexão', flow: 'Fluxo passivo da conexão', none: 'Nenhum (sem robô)', saved: 'Conexão atualizada.', submit: 'Salvar' },
  builder: {
    title: (name: string) => `Construtor: ${name}`,
    palette: 'Blocos',
    paletteHint: 'Arraste um bloco para o quadro, ou clique para adicioná-lo.',
    save: 'Salvar rascunho',
    saved: 'Rascunho salvo.',
    publish: 'Publicar',
    published: (version: number) => `Versão ${version} publicada: as novas conversas já usam este fluxo.`,
    cannotPublish: 'Corrija os problemas antes de publicar.',
    versions: 'Versões',
    restore: 'Restaurar',
    restored: (version: number) => `Versão restaurada e publicada como versão ${version}.`,
    test: 'Testar',
    undo: 'Desfazer',
    redo: 'Refazer',
    close: 'Fechar construtor',
    problems: 'Problemas que impedem a publicação',
    noProblems: 'Nenhum problema: o fluxo pode ser publicado.',
    editor: 'Propriedades do bloco',
    editorEmpty: 'Selecione um bloco para editar o que ele faz.',
    removeBlock: 'Remover bloco',
    unsaved: 'Há alterações não salvas. Fechar mesmo assim?',
    expireMinutes: 'Encerrar sessão sem resposta após (minutos)',
    expireMessage: 'Mensagem ao encerrar por falta de resposta',
    canvas: 'Quadro do fluxo',
  },
  test: {
    title: 'Testar fluxo',
    hint: 'Converse com o fluxo como um cliente faria. Nada é enviado a clientes reais.',
    start: 'Iniciar teste',
    restart: 'Recomeçar',
    answer: 'Resposta do cliente',
    send: 'Enviar',
    skipWait: (seconds: number) => `Aguardando ${seconds} s — pular espera`,
    httpOk: 'Simular resposta com sucesso',
    httpError: 'Simular falha',
    transferred: (target: string) => `Transferido para ${target}.`,
    handedOver: 'O robô passou o atendimento para a equipe.',
    ended: 'Fluxo encerrado.',
    template: (name: string, parameters: readonly string[]) => `Modelo "${name}"${parameters.length > 0 ? ` (${parameters.join(', ')})` : ''}`,
    category: (name: string) => `Categoria adicionada: ${name}.`,
    saved: (field: string, value: string) => `Contato atualizado: ${field} = ${value}.`,
    http: (method: string, url: string) => `Requisição ${method} ${url}`,
  },
} as const;

export const NODE_LABELS: Record<FlowNodeType, string> = {
  start: 'Início',
  message: 'Enviar mensagem',
  template: 'Modelo aprovado',
  ask: 'Perguntar',
  condition: 'Condição',
  transfer: 'Transferir',
  http: 'Requisição HTTP',
  wait: 'Aguardar',
  category: 'Adicionar categoria',
  end: 'Encerrar',
};

/** The exits' names, shared with the publish check's messages. */
export const EXIT_LABELS = EXIT_NAMES;

export const ANSWER_LABELS = { text: 'Texto', number: 'Número', email: 'E-mail', cpf: 'CPF', option: 'Opção da lista' } as const;
export const CONTACT_FIELD_LABELS = { name: 'Nome', address: 'Endereço', open_field: 'Campo livre', document_register: 'Documento (CPF/CNPJ)' } as const;
