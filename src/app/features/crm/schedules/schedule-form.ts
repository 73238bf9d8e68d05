import { z } from 'zod';
import { parseTimestamp } from '../../../../shared/domain/datetime';
import { scheduleTexts } from '../../../../shared/domain/schedules';
import { templateSendComponents, templateSendValues, templateVariableKeys } from '../../../../shared/domain/template-variables';

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
 * Variables are a list, not a record by key: a header's key 'header.1' would read as a nested
 * path in Mantine's form.
 */
export const scheduleFormSchema = z
  .object({
    instance_id: z.string().min(1, scheduleFormTexts.connectionRequired),
    customer_id: z.string().min(1, scheduleFormTexts.customerRequired),
    kind: z.enum(['text', 'template']),
    message: z.string().trim().max(4096, scheduleTexts.messageTooLong),
    template: z.string(),
    variables: z.array(z.object({ key: z.string(), value: z.string() })),
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
      values.variables.forEach(({ value }, index) => {
        if (!value.trim()) ctx.addIssue({ code: 'custom', path: ['variables', index, 'value'], message: scheduleFormTexts.variableRequired });
      });
    } else if (!values.message && !values.has_file) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: scheduleTexts.messageRequired });
    }
  });

export type ScheduleFormValues = z.infer<typeof scheduleFormSchema>;

export type ScheduleVariable = ScheduleFormValues['variables'][number];

/**
 * Every variable the template needs filled (header, body, link buttons), keeping what was typed
 * for it: a schedule saved when only body variables were asked for gets its header and button
 * fields back, empty, when edited.
 */
export const templateVariablesFor = (templateComponents: unknown, typed: readonly ScheduleVariable[]): ScheduleVariable[] =>
  templateVariableKeys(templateComponents).map((key) => ({ key, value: typed.find((v) => v.key === key)?.value ?? '' }));

/** The template send's components, in Meta's order, for the typed variables. */
export const templateComponentsOf = (variables: readonly ScheduleVariable[]): Array<Record<string, unknown>> =>
  templateSendComponents(variables, (v) => v.value.trim());

/** The variables back from a stored schedule's send components, to edit them. */
export const templateVariablesOf = (components: unknown): ScheduleVariable[] => templateSendValues(components);
