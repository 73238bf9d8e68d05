/** pt-BR texts of the attendance lifecycle (server side). */
export const attendanceTexts = {
  alreadyPickedTitle: 'Atendimento já assumido',
  alreadyPickedDetail: 'Outro atendente assumiu este atendimento antes de você.',
  ticketNotFound: 'Atendimento não encontrado.',
  ticketClosed: 'Este atendimento já foi finalizado.',
  notInInbox: 'Este atendimento não está na fila.',
  reasonNotFound: 'Escolha um motivo de atendimento válido.',
  customerNotFound: 'Cliente não encontrado.',
  customerBlocked: 'Este número está bloqueado para atendimento. Desbloqueie-o para conversar.',
  servedByOther: (name: string | null) => (name ? `Este cliente já está em atendimento com ${name}.` : 'Este cliente já está em atendimento em outra fila.'),
  groupNotFound: 'Grupo de clientes não encontrado.',
} as const;

