/** The MIME types WhatsApp carries (Meta `business-phone-numbers/media`, supported media types). */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
};
const FALLBACK_EXTENSION = 'bin';
const FALLBACK_TYPE = 'application/octet-stream';

const MIME_OF: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([mime, ext]) => [ext, mime]));

/** `audio/ogg; codecs=opus` → `audio/ogg`. */
export const baseMimeType = (mimeType: string): string => mimeType.split(';')[0]!.trim().toLowerCase();

export const extensionOf = (mimeType: string): string => EXTENSIONS[baseMimeType(mimeType)] ?? FALLBACK_EXTENSION;

export const mimeTypeOf = (fileName: string): string => MIME_OF[fileName.split('.').pop() ?? ''] ?? FALLBACK_TYPE;

/** The kind of message a file is sent or received as. */
export function mediaKindOf(mimeType: string): 'image' | 'audio' | 'video' | 'document' {
  const base = baseMimeType(mimeType);
  if (base.startsWith('image/')) return 'image';
  if (base.startsWith('audio/')) return 'audio';
  if (base.startsWith('video/')) return 'video';
  return 'document';
}
