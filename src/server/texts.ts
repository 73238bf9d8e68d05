/** pt-BR texts only the server produces (field messages, mails); shared texts live in src/shared/i18n/pt-BR.ts. */
export const fieldTexts = {
  emailRequired: 'Informe o e-mail.',
  emailInvalid: 'Informe um e-mail válido.',
  passwordRequired: 'Informe a senha.',
  codeInvalid: 'Informe o código de 6 dígitos.',
  tokenRequired: 'Informe o token.',
  routeRequired: 'Informe a rota.',
  idInvalid: 'Identificador inválido.',
  tooLong: 'Texto muito longo.',
  passwordWeak: 'Senha fraca: evite repetições (aaa) e sequências (123, abc).',
  nulCharacter: 'O texto contém um caractere inválido (NUL).',
  pushBatchTooBig: (max: number) => `Envie no máximo ${max} registros por vez.`,
} as const;

export const userTexts = {
  notFound: 'Usuário não encontrado.',
} as const;

export const mailTexts = {
  resetSubject: 'PedBot: redefinição de senha',
  resetBody: (name: string, link: string, minutes: number) =>
    [
      `Olá, ${name}.`,
      '',
      'Recebemos um pedido para redefinir a sua senha do PedBot. Para criar uma nova senha, acesse:',
      link,
      '',
      `O link vale por ${minutes} minutos e pode ser usado uma única vez.`,
      'Se você não fez este pedido, ignore este e-mail: a sua senha continua a mesma.',
    ].join('\n'),
} as const;
