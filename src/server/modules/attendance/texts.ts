/** pt-BR texts of the attendance lifecycle (server side). */
export const attendanceTexts = {
  alreadyPickedTitle: 'Atendimento já assumido',
  alreadyPickedDetail: 'Outro atendente assumiu este atendimento antes de você.',
  ticketNotFound: 'Atendimento não encontrado.',
  ticketClosed: 'Este atendimento já foi finalizado.',
  notInInbox: 'Este atendimento não está na fila.',
  reasonNotFound: 'Escolha um motivo de atendimento válido.',
  customerNotFound: 'Cliente não encontrado.',
  groupNotFound: 'Grupo de clientes não encontrado.',
  defaultClosingMessage: 'Seu atendimento foi finalizado. Obrigado pelo contato!',
  defaultSurveyMessage: 'Como você avalia o nosso atendimento? Responda com uma nota de 1 a 5.',
  /** Offered when a tenant has not written its own attendance-summary reasons yet. */
  defaultReasons: ['Dúvida esclarecida', 'Pedido realizado', 'Troca ou devolução', 'Reclamação', 'Sem resposta do cliente', 'Outros'],
} as const;

/** Setting keys (per connection, or tenant-wide) of the messages sent when a ticket closes. */
export const CLOSING_MESSAGE_KEY = 'closing_message';
export const SURVEY_MESSAGE_KEY = 'nps_message';
