/** Server messages of contacts, the blocklist and groups (pt-BR). */
export const contactTexts = {
  notFound: 'Contato não encontrado.',
  phoneRequired: 'Informe o telefone.',
  phoneInvalid: 'Telefone inválido: informe DDD e número.',
  phoneTaken: 'Já existe um contato com este telefone.',
  groupNotFound: 'Grupo não encontrado.',
  groupNameRequired: 'Informe o nome do grupo.',
  groupNameTaken: 'Já existe um grupo com este nome.',
  colorInvalid: 'Cor inválida.',
  blockTarget: 'Informe o contato ou o telefone.',
  tooManyRows: 'Envie no máximo 1000 linhas por vez.',
} as const;
