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
} as const;

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
