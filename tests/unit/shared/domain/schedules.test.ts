import { describe, expect, it } from 'vitest';
import { attachmentKindOf, scheduleStatus, sendAtSchema } from '../../../../src/shared/domain/schedules';

describe('scheduled message rules', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');

  it('reads send_at in America/Sao_Paulo and refuses a time not in the future', () => {
    expect(sendAtSchema(now).parse('2026-11-25 09:00:01')).toBe(Date.parse('2026-11-25T12:00:01Z'));
    expect(sendAtSchema(now).safeParse('2026-11-25 09:00:00').error?.issues[0]?.message).toBe('Escolha uma data e hora no futuro.');
    expect(sendAtSchema(now).safeParse('2026-11-25T09:00').success).toBe(false);
  });

  it('shows a refused send as failed, a claimed one as waiting, and a waiting one the customer answered as cancelled when asked', () => {
    const base = { messageFailed: false, cancelOnReply: false, customerWroteSince: false };
    expect(scheduleStatus({ ...base, stored: 'enviada', messageFailed: true })).toBe('falhou');
    expect(scheduleStatus({ ...base, stored: 'enviada' })).toBe('enviada');
    expect(scheduleStatus({ ...base, stored: 'enviando' })).toBe('agendada');
    expect(scheduleStatus({ ...base, stored: 'agendada', customerWroteSince: true })).toBe('agendada');
    expect(scheduleStatus({ ...base, stored: 'agendada', cancelOnReply: true, customerWroteSince: true })).toBe('cancelada');
    expect(scheduleStatus({ ...base, stored: 'enviada', cancelOnReply: true, customerWroteSince: true })).toBe('enviada');
  });
});

describe('a scheduled attachment’s kind', () => {
  it('sends JPEG and PNG as images, audio as audio, the rest as documents', () => {
    expect(attachmentKindOf('image/png')).toBe('image');
    expect(attachmentKindOf('image/jpeg')).toBe('image');
    expect(attachmentKindOf('audio/ogg')).toBe('audio');
    expect(attachmentKindOf('image/gif')).toBe('document');
    expect(attachmentKindOf('application/pdf')).toBe('document');
  });
});
