/** pt-BR texts of the store settings (server side). */
export const storeSettingsTexts = {
  instanceNotFound: 'Conexão não encontrada.',
  fileRequired: 'Envie o arquivo PDF.',
  fileNotPdf: 'O arquivo precisa ser um PDF.',
  fileNotFound: 'Arquivo não encontrado. Envie o PDF de novo.',
  nameRequired: 'Informe o nome do documento.',
  titleRequired: 'Informe o título do vídeo.',
  urlInvalid: 'Informe um endereço começando com https://.',
  videoNotFound: 'Vídeo não encontrado.',
  urlRequired: 'Informe a página.',
  tooLong: 'Texto muito longo.',
} as const;
