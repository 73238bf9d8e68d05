/** pt-BR messages of the departments screen's server side. */
export const departmentTexts = {
  nameRequired: 'Informe o nome do departamento.',
  nameTaken: 'Departamento já cadastrado.',
  notFound: 'Departamento não encontrado.',
  moveRequired: 'Este departamento tem atendimentos abertos, usuários ou é o padrão de uma conexão: escolha para qual departamento ativo movê-los.',
  moveTargetInvalid: 'Escolha outro departamento, ativo, para receber os atendimentos.',
} as const;
