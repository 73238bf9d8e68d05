import { z } from 'zod';
import { parseTimestamp } from './datetime';
import { timestampSchema } from './datetime-schemas';

/** Scheduled messages (SPEC §2 crm/schedules): states as the screen shows and filters them. */
export const SCHEDULE_STATUSES = ['agendada', 'enviada', 'cancelada', 'falhou'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

export const scheduleTexts = {
  messageRequired: 'Escreva a mensagem.',
  messageTooLong: 'Use no máximo 4096 caracteres.',
  sendAtPast: 'Escolha uma data e hora no futuro.',
  canceledByReply: 'O cliente escreveu antes do horário agendado.',
  notScheduled: 'Esta mensagem não está mais agendada.',
  templateNeedsOfficial: 'Modelos do WhatsApp só podem ser agendados em uma conexão oficial.',
  templateNotApproved: 'Escolha um modelo aprovado desta conexão.',
  templateVariablesMissing: 'Preencha todas as variáveis do modelo.',
  templateWithAttachment: 'Um modelo do WhatsApp é enviado sem anexo.',
  attachmentKind: 'Anexe uma imagem, um áudio ou um documento.',
} as const;

/** What a schedule may attach (WhatsApp media a caption can go with, and voice/audio). */
export const SCHEDULE_ATTACHMENT_KINDS = ['image', 'audio', 'document'] as const;
export type ScheduleAttachmentKind = (typeof SCHEDULE_ATTACHMENT_KINDS)[number];

/** An approved WhatsApp template sent instead of free text: Meta's send parameters. */
export interface ScheduleTemplate {
  name: string;
  language: string;
  components: Array<Record<string, unknown>>;
}

/** A stored file of the tenant (`/api/file/<name>`) sent with the schedule's text as its caption. */
export interface ScheduleAttachment {
  url: string;
  kind: ScheduleAttachmentKind;
  name: string | null;
  mimetype: string;
}

/** How a chosen file is sent: JPEG/PNG as an image, any audio as audio, anything else as a document. */
export const attachmentKindOf = (mimetype: string): ScheduleAttachmentKind =>
  mimetype === 'image/jpeg' || mimetype === 'image/png' ? 'image' : mimetype.startsWith('audio/') ? 'audio' : 'document';

export const scheduleTemplateSchema = z.object({
  name: z.string().trim().regex(/^[a-z0-9_]{1,512}$/, scheduleTexts.templateNotApproved),
  language: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, scheduleTexts.templateNotApproved),
  components: z.array(z.record(z.string(), z.unknown())).max(20).nullish().transform((c) => c ?? []),
});

export const scheduleAttachmentInputSchema = z.object({
  kind: z.enum(SCHEDULE_ATTACHMENT_KINDS, { message: scheduleTexts.attachmentKind }),
  /** `/api/file/<name>` as the upload answered, or a data: URL the server stores. */
  file_url: z.string().trim().min(1).max(20_000_000),
  file_name: z.string().trim().max(240).nullish(),
});

/** A schedule sent this long after its time (the server was down) is marked late. */
export const LATE_AFTER_MS = 10_000;

export const scheduleMessageSchema = z.string().trim().min(1, scheduleTexts.messageRequired).max(4096, scheduleTexts.messageTooLong);

/** 'YYYY-MM-DD HH:mm:ss' in America/Sao_Paulo, strictly after `now`; parsed to epoch ms. */
export const sendAtSchema = (now: number) =>
  timestampSchema.transform((text) => parseTimestamp(text)!).refine((ms) => ms > now, scheduleTexts.sendAtPast);

/**
 * What a schedule is now, from its stored state and what happened since: a sent message the
 * channel refused failed; one waiting whose customer wrote first is cancelled when it asked to be.
 */
export function scheduleStatus(input: {
  stored: 'agendada' | 'enviando' | ScheduleStatus;
  messageFailed: boolean;
  cancelOnReply: boolean;
  customerWroteSince: boolean;
}): ScheduleStatus {
  if (input.stored === 'enviada' && input.messageFailed) return 'falhou';
  if (input.stored === 'enviando') return 'agendada';
  if (input.stored === 'agendada' && input.cancelOnReply && input.customerWroteSince) return 'cancelada';
  return input.stored;
}
