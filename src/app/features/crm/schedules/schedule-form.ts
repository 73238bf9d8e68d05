import { z } from 'zod';
import { parseTimestamp } from '../../../../shared/domain/datetime';
import { scheduleMessageSchema, scheduleTexts } from '../../../../shared/domain/schedules';

/** The browser's datetime-local value ('YYYY-MM-DDTHH:mm[:ss]') as SPEC §5's 'YYYY-MM-DD HH:mm:ss'. */
export const toTimestamp = (local: string): string => {
  const [date = '', time = ''] = local.split('T');
  return `${date} ${time.length === 5 ? `${time}:00` : time}`;
};

/** SPEC §5's 'YYYY-MM-DD HH:mm:ss' as a datetime-local value. */
export const toLocalInput = (timestamp: string): string => timestamp.replace(' ', 'T');

export const scheduleFormTexts = {
  connectionRequired: 'Escolha a conexão.',
  customerRequired: 'Escolha o cliente.',
} as const;

export const scheduleFormSchema = z.object({
  instance_id: z.string().min(1, scheduleFormTexts.connectionRequired),
  customer_id: z.string().min(1, scheduleFormTexts.customerRequired),
  message: scheduleMessageSchema,
  send_at: z.string().refine((local) => {
    const at = parseTimestamp(toTimestamp(local));
    return at !== null && at > Date.now();
  }, scheduleTexts.sendAtPast),
  cancel_on_reply: z.boolean(),
});

export type ScheduleFormValues = z.infer<typeof scheduleFormSchema>;
