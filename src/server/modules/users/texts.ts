/** pt-BR messages of the user, department and role administration (server side; the client shows them as they come). */
export const teamTexts = {
  nameRequired: 'Informe o nome.',
  emailInvalid: 'Informe um e-mail válido.',
  emailTaken: 'E-mail já cadastrado.',
  usernameInvalid: 'O usuário usa letras, números, ponto, hífen ou sublinhado (até 60).',
  roleRequired: 'Escolha o perfil de acesso.',
  roleNotFound: 'Perfil de acesso não encontrado.',
  departmentNotFound: 'Departamento não encontrado.',
  departmentInactive: 'Este departamento está desativado.',
  instanceNotFound: 'Conexão não encontrada.',
  userNotFound: 'Usuário não encontrado.',
  principalProtected: 'O usuário principal da loja não pode ser excluído nem deixar de ser administrador.',
  selfDelete: 'Você não pode excluir a sua própria conta.',
  lastAdmin: 'A loja precisa de pelo menos um administrador.',
  imageInvalid: 'A foto deve ser uma imagem PNG, JPEG ou WebP de até 2 MB.',
} as const;
