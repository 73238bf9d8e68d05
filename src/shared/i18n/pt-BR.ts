/**
 * User-facing texts with the spec's exact wording (SPEC §5, §8). Screens and the server take
 * their texts from here so a contract text is written once. Group by area; add, never reword.
 */
export const errors = {
  validationTitle: 'Erro nos dados informados.',
  genericTitle: 'Algo está errado.',
  attackTitle: 'Possível tentativa de Ataque',
  attackMessage: 'O texto contém caracteres não permitidos (|, < ou >) ou parece um script.',
  tokenExpired: 'Token has expired',
  unauthorized: 'Unauthorized',
  forbidden: 'Você não tem permissão para esta ação.',
  tenantInvalid: 'Loja não encontrada.',
  networkRequired: 'Esta tela precisa de conexão com a internet.',
  unsupportedBrowserTitle: 'Navegador não suportado!',
  unsupportedBrowserMessage: 'Não é possível utilizar o PedBot neste navegador no modo anônimo',
} as const;

export const auth = {
  loginFailed: 'Senha ou E-mail incorreto.',
  loginSuccessTitle: 'Logado com sucesso!',
  loginSuccessMessage: 'Você entrou na plataforma com sucesso!',
  integrationFailedTitle: 'Token Incorreto!',
  integrationFailedMessage: 'Acesse a plataforma com um token válido, ou digite login e senha.',
  userBlocked: 'Usuário bloqueado por excesso de tentativas. Procure um administrador ou aguarde.',
  twoFactorRequired: 'Informe o código de 6 dígitos do seu aplicativo autenticador.',
  twoFactorInvalid: 'Código de verificação inválido.',
  resetLinkInvalid: 'Link de redefinição inválido ou expirado.',
  tooManyAttempts: (minutes: number) => `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  passwordTooWeak: 'A senha deve ter no mínimo 8 caracteres.',
} as const;

export const connection = {
  droppedTitle: 'Conexão desconectada!',
  droppedMessage: (name: string, phone: string) =>
    `A conexão ${name} com o chip ${phone} caiu. Verifique o celular ou reconecte.`,
} as const;

/** Channels, connections and message templates (issue 4). */
export const channelTexts = {
  outsideServiceWindow: 'Fora da janela de 24 horas: envie um modelo de mensagem aprovado.',
  unsupportedMessage: (what: string) => `Mensagem não suportada pelo PedBot (${what}).`,
  mediaUnavailable: 'Não foi possível baixar o arquivo desta mensagem.',
  connectionOffline: 'A conexão está desconectada: reconecte-a para enviar mensagens.',
  cloudApiNotConfigured: 'Preencha o ID do número, o ID da conta (WABA) e o token da API oficial.',
  providerRateLimited: 'O WhatsApp limitou o envio de mensagens deste número. Tente novamente em instantes.',
  providerPairRateLimited: 'Muitas mensagens para este cliente em pouco tempo. Aguarde um pouco e tente novamente.',
  providerTokenInvalid: 'O token da API oficial é inválido ou expirou. Atualize-o na edição da conexão.',
  providerFailed: (reason: string) => `O WhatsApp recusou a mensagem: ${reason}`,
  messagingLimitReached: (limit: string) =>
    `Limite diário da conexão atingido: ${limit} conversas iniciadas pela empresa em 24 horas. Reenvie a mensagem mais tarde.`,
} as const;

/** The attendance console's ticket lists past the local window and its customer drawer (issue 5). */
export const attendanceTexts = {
  listEnd: 'Fim da lista',
  listOffline: 'Sem conexão: a lista mostra só o que está salvo neste aparelho.',
  listLoadFailed: 'Não foi possível carregar mais atendimentos.',
  listLoadMore: 'Carregar mais',
  searchingServer: 'Buscando no servidor…',
  customerEditOffline: 'Sem conexão: para salvar os dados do cliente é preciso estar conectado. O que você digitou continua aqui.',
  customerGroupsOffline: 'Os grupos de clientes aparecem quando houver conexão.',
  customerNoGroup: 'Sem grupo',
} as const;

/** What to do about a storage warning of the local database (issue 3 §3), after its message. */
export const storageTexts = {
  quotaAction:
    'Para liberar espaço, saia da conta (menu do usuário › Sair) e entre de novo: os dados deste aparelho são apagados e baixados outra vez. Também é possível apagar dados de outros sites nas configurações do navegador.',
  notPersistentAction: 'Mantenha o PedBot instalado ou nos favoritos para que o navegador preserve os dados.',
} as const;
