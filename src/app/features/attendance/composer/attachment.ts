/** A file chosen or recorded in the composer, waiting for its caption and the send. */
export type AttachmentKind = 'image' | 'audio' | 'sticker' | 'document';

export interface AttachmentDraft {
  kind: AttachmentKind;
  file: Blob;
  name: string;
  mime: string;
  /** Object URL for the preview; revoked when the attachment is dropped or sent. */
  previewUrl: string;
}

export const ACCEPT: Record<Exclude<AttachmentKind, 'audio'>, string> = {
  image: 'image/jpeg,image/png,image/webp,image/gif',
  sticker: 'image/webp,image/png',
  document: '*/*',
};

/** WhatsApp's media limits: 5 MB for images, 16 MB audio, 100 KB… 500 KB stickers, 100 MB documents. */
export const MAX_BYTES: Record<AttachmentKind, number> = {
  image: 5 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  sticker: 500 * 1024,
  document: 100 * 1024 * 1024,
};

export function attachmentProblem(kind: AttachmentKind, file: Blob): string | null {
  if (file.size > MAX_BYTES[kind]) {
    const mb = MAX_BYTES[kind] / 1024 / 1024;
    return mb >= 1 ? `O arquivo passa do limite de ${mb} MB.` : `O arquivo passa do limite de ${MAX_BYTES[kind] / 1024} KB.`;
  }
  if ((kind === 'image' || kind === 'sticker') && !file.type.startsWith('image/')) return 'Escolha um arquivo de imagem.';
  return null;
}

/** The recording format the browser supports, WhatsApp's own (Ogg Opus) first. */
export function pickRecordingMime(isSupported: (mime: string) => boolean): string {
  return ['audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find(isSupported) ?? '';
}
