/**
 * The help pages' own text (pt-BR), written for a new attendant. Each section is a title and
 * paragraphs or steps; the pages lay them out.
 */
export interface HelpSection {
  title: string;
  paragraphs?: readonly string[];
  steps?: readonly string[];
}

export const ATTENDANCE_GUIDE: readonly HelpSection[] = [
  {
    title: 'Assumir um atendimento',
    paragraphs: ['Clientes novos esperam na aba *Fila*. Abra a conversa para ler o que o cliente escreveu e clique em *Assumir atendimento*: o atendimento passa para a aba *Meus* e sai da fila dos colegas.'],
    steps: [
      'Escolha a conexão (o número do WhatsApp) em Conexões, se ainda não estiver nela.',
      'Abra Atendimento › Atendimentos e a aba Fila.',
      'Clique no cliente e depois em Assumir atendimento.',
      'Quando a loja exige atender primeiro os mais antigos, só o primeiro da fila pode ser assumido.',
    ],
  },
  {
    title: 'Responder',
    paragraphs: [
      'Escreva no campo de mensagem e tecle Enter para enviar. Shift+Enter quebra a linha. Digite / para escolher uma resposta rápida e use o clipe para enviar imagem, áudio ou documento.',
      'Os tiques mostram o caminho da mensagem: ✓ enviada, ✓✓ entregue, ✓✓ azul lida. Uma mensagem com falha mostra o motivo e o botão para tentar de novo, sem duplicar.',
    ],
  },
  {
    title: 'Transferir',
    paragraphs: ['Use *Transferir* no topo da conversa para passar o atendimento a um colega ou a outro departamento. Quem recebe é avisado na hora com o aviso “Atendimento Recebido”. Se você não responder o cliente no tempo definido pela loja, o atendimento pode ser transferido automaticamente.'],
  },
  {
    title: 'Finalizar',
    paragraphs: ['Clique em *Finalizar*, escolha o motivo do atendimento e, se quiser, escreva uma observação. O cliente recebe a mensagem de encerramento da loja e, quando ligada, a pesquisa de satisfação. A nota que ele responder fica registrada no atendimento.'],
  },
  {
    title: 'Trabalhar sem internet',
    paragraphs: [
      'O PedBot guarda os seus atendimentos neste navegador. Sem internet, você continua lendo as conversas e pode escrever: as mensagens ficam marcadas como pendentes e saem sozinhas, uma única vez, quando a conexão voltar.',
      'O indicador de conexão na barra superior mostra se você está online, sincronizando ou offline, e quantas mensagens esperam envio. Telas de administração precisam de internet.',
    ],
  },
];

export const KEYBOARD_SHORTCUTS: ReadonlyArray<{ keys: string; action: string }> = [
  { keys: 'Enter', action: 'Envia a mensagem' },
  { keys: 'Shift + Enter', action: 'Quebra a linha sem enviar' },
  { keys: '/', action: 'Abre as respostas rápidas' },
  { keys: 'Alt + ↑ / Alt + ↓', action: 'Vai para o atendimento anterior / seguinte da lista' },
  { keys: 'Ctrl + B', action: 'Negrito (*texto*)' },
  { keys: 'Ctrl + I', action: 'Itálico (_texto_)' },
  { keys: 'Ctrl + Shift + X', action: 'Riscado (~texto~)' },
  { keys: 'Ctrl + Shift + M', action: 'Código (`texto`)' },
  { keys: 'Esc', action: 'Fecha a janela aberta ou cancela a resposta' },
];

export const WHATSAPP_PROTOCOL: readonly HelpSection[] = [
  {
    title: 'A janela de 24 horas',
    paragraphs: [
      'Pelas regras do WhatsApp, a loja pode escrever livremente para o cliente por 24 horas depois da última mensagem *dele*. Cada nova mensagem do cliente abre mais 24 horas.',
      'Passado esse prazo, mensagens de texto livre são recusadas (“Fora da janela de 24 horas: envie um modelo de mensagem aprovado.”). Para retomar a conversa, envie um modelo aprovado pela Meta.',
    ],
  },
  {
    title: 'Modelos de mensagem',
    paragraphs: [
      'Modelos são textos revisados pela Meta antes do uso. Eles ficam em Modelos de mensagem › Modelos da Meta com a situação Aprovado, Pendente, Rejeitado ou Pausado. Só os aprovados podem ser enviados.',
      'No atendimento, quando a janela está fechada, o botão de modelos oferece os aprovados da conexão. Preencha as variáveis ({{1}}, {{nome}}) e envie.',
    ],
  },
  {
    title: 'Limite diário da conexão',
    paragraphs: ['Cada número tem um limite de conversas iniciadas pela loja em 24 horas (250, 2 mil, 10 mil, 100 mil ou Ilimitado), definido pela Meta conforme a qualidade do número. Respostas dentro da janela do cliente não contam. Quando o limite acaba, o envio falha com “Limite diário da conexão atingido” e pode ser repetido depois.'],
  },
  {
    title: 'Boas práticas',
    steps: [
      'Responda dentro da janela: é gratuito e o cliente está esperando.',
      'Não envie propaganda a quem não pediu: bloqueios e denúncias derrubam a qualidade do número.',
      'Use modelos curtos, com o nome da loja, e ofereça um jeito de parar de receber.',
      'Nunca peça senhas ou códigos de verificação ao cliente.',
    ],
  },
];

export const STORE_RULES: readonly HelpSection[] = [
  {
    title: 'Atendimento',
    steps: [
      'Cumprimente o cliente pelo nome e apresente-se.',
      'Assuma um atendimento só quando puder responder logo; se precisar sair, transfira.',
      'Finalize todo atendimento resolvido, com o motivo certo: os relatórios da loja dependem disso.',
      'Registre observações internas como comentário, nunca como mensagem ao cliente.',
    ],
  },
  {
    title: 'Dados dos clientes',
    steps: [
      'Use os dados do cliente só para atendê-lo (Lei Geral de Proteção de Dados).',
      'Não copie conversas nem contatos para fora do PedBot.',
      'Não peça nem guarde senhas, números completos de cartão ou códigos recebidos por SMS.',
    ],
  },
  {
    title: 'Conduta',
    steps: [
      'Linguagem cordial, sem gírias ofensivas e sem discutir com o cliente.',
      'Em caso de dúvida ou reclamação séria, chame o supervisor pelo suporte da loja.',
      'A sua conta é pessoal: não compartilhe a senha e ative a verificação em duas etapas em Minha conta.',
    ],
  },
];
