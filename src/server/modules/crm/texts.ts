/** pt-BR texts of the CRM server side. */
export const crmServerTexts = {
  reasonNotFound: 'Motivo de atendimento não encontrado.',
  reasonNameTaken: 'Já existe um motivo de atendimento com esse nome.',
  reasonInUse: 'Este motivo já foi usado para finalizar atendimentos: desative-o em vez de excluir.',
  categoryNotFound: 'Categoria não encontrada.',
  categoryNameTaken: 'Já existe uma categoria com esse nome.',
  ticketNotFound: 'Atendimento não encontrado.',
  /** A tenant's reasons until it writes its own (reasons.ts, ensureDefaultReasons). */
  defaultReasons: ['Dúvida esclarecida', 'Pedido realizado', 'Troca ou devolução', 'Reclamação', 'Sem resposta do cliente', 'Outros'],
} as const;
