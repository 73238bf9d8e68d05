import { z } from 'zod';
import { parseTimestamp } from '../../../../shared/domain/datetime';
import { scheduleTexts } from '../../../../shared/domain/schedules';

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
  templateRequired: 'Escolha um modelo aprovado.',
  variableRequired: 'Preencha a variável.',
} as const;

/** A template's name and language as one select value. */
export const templateValue = (t: { name: string; language: string }) => `${t.name}|${t.language}`;
export const parseTemplateValue = (value: string): { name: string; language: string } => {
  const [name = '', language = ''] = value.split('|');
  return { name, language };
};

/**
 * The schedule form: free text (with an optional file, the text then being its caption) or, on an
 * official connection, an approved template with its variables. `has_file` mirrors the file field.
 */
export const scheduleFormSchema = z
  .object({
    instance_id: z.string().min(1, scheduleFormTexts.connectionRequired),
    customer_id: z.string().min(1, scheduleFormTexts.customerRequired),
    kind: z.enum(['text', 'template']),
    message: z.string().trim().max(4096, scheduleTexts.messageTooLong),
    template: z.string(),
    variables: z.record(z.string(), z.string()),
    has_file: z.boolean(),
    send_at: z.string().refine((local) => {
      const at = parseTimestamp(toTimestamp(local));
      return at !== null && at > Date.now();
    }, scheduleTexts.sendAtPast),
    cancel_on_reply: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.kind === 'template') {
      if (!values.template) ctx.addIssue({ code: 'custom', path: ['template'], message: scheduleFormTexts.templateRequired });
      for (const [key, value] of Object.entries(values.variables)) {
        if (!value.trim()) ctx.addIssue({ code: 'custom', path: ['variables', key], message: scheduleFormTexts.variableRequired });
      }
    } else if (!values.message && !values.has_file) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: scheduleTexts.messageRequired });
    }
  });

export type ScheduleFormValues = z.infer<typeof scheduleFormSchema>;

/** The variables' values back from a stored template's send parameters ({{1}}… or named). */
export function templateVariablesOf(components: unknown): Record<string, string> {
  const list = Array.isArray(components) ? (components as Array<{ type?: unknown; parameters?: Array<{ text?: unknown; parameter_name?: unknown }> }>) : [];
  const body = list.find((c) => String(c.type).toLowerCase() === 'body');
  return Object.fromEntries(
    (body?.parameters ?? []).map((p, index) => [typeof p.parameter_name === 'string' ? p.parameter_name : String(index + 1), typeof p.text === 'string' ? p.text : '']),
  );
}
