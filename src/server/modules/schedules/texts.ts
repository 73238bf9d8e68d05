/** pt-BR texts of scheduled messages (server side). */
export const scheduleServerTexts = {
  notFound: 'Mensagem agendada não encontrada.',
  customerNotFound: 'Cliente não encontrado.',
} as const;
