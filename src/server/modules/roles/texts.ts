/** pt-BR messages of the roles screens' server side. */
export const roleTexts = {
  displayNameRequired: 'Informe o nome do perfil.',
  nameInvalid: 'O identificador usa letras minúsculas, números, - ou _ (até 60).',
  nameTaken: 'Já existe um perfil com este nome.',
  routeUnknown: 'Rota desconhecida na lista de permissões.',
  notFound: 'Perfil de acesso não encontrado.',
  adminFixed: 'O perfil administrador mantém o nome e todas as rotas.',
  adminUndeletable: 'O perfil administrador não pode ser excluído.',
  inUse: (count: number) => `Este perfil está em uso por ${count} ${count === 1 ? 'usuário' : 'usuários'}: mude o perfil deles antes de excluir.`,
} as const;
