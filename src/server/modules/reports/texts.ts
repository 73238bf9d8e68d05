/** The reports' server messages (pt-BR). */
export const reportTexts = {
  dayInvalid: 'Informe a data no formato AAAA-MM-DD.',
  periodInverted: 'A data final deve ser igual ou posterior à inicial.',
  periodTooLong: 'Escolha um período de até 366 dias.',
  metricInvalid: 'Métrica desconhecida.',
  dimensionsTooMany: 'Escolha até três agrupamentos diferentes.',
  nameRequired: 'Informe o nome do relatório.',
  definitionInvalid: 'Definição de relatório inválida.',
  reportNotFound: 'Relatório não encontrado.',
  byInvalid: 'Agrupamento inválido.',
} as const;
