/** pt-BR texts of messages the server writes itself (previews, failure reasons). */
export const messageTexts = {
  previewByType: {
    image: 'Imagem',
    audio: 'Áudio',
    video: 'Vídeo',
    document: 'Documento',
    sticker: 'Figurinha',
    location: 'Localização',
    template: 'Modelo de mensagem',
    comment: 'Comentário',
  } as Readonly<Record<string, string>>,
  sendFailed: 'Não foi possível enviar a mensagem.',
  hashTaken: 'Este identificador de mensagem já foi usado em outra conversa.',
  messageRequired: 'Escreva a mensagem.',
  customerNotFound: 'Contato não encontrado.',
  ticketNotFound: 'Atendimento não encontrado.',
  departmentNotFound: 'Departamento não encontrado.',
  userNotFound: 'Usuário não encontrado.',
  transferNotFound: 'Transferência não encontrada.',
  messageNotFound: 'Mensagem não encontrada.',
  instanceNotAllowed: 'Você não tem acesso a esta conexão.',
} as const;

const PREVIEW_LENGTH = 200;

/** The ticket list's preview of a message: its text, else its caption or file name, else its kind. */
export function previewOf(message: { type: string; message?: string | null; caption?: string | null; document_name?: string | null }): string {
  const text = message.message?.trim() || message.caption?.trim() || message.document_name?.trim();
  const preview = text || messageTexts.previewByType[message.type] || '';
  return preview.length > PREVIEW_LENGTH ? `${preview.slice(0, PREVIEW_LENGTH - 1)}…` : preview;
}
