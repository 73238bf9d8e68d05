import { z } from 'zod';
import { parseTimestamp } from '../../../../shared/domain/datetime';
import type { Campaign, CampaignInput } from '../../../../shared/graphql/generated';

export const campaignFormTexts = {
  nameRequired: 'Informe o nome da campanha.',
  connectionRequired: 'Escolha a conexão.',
  audienceEmpty: 'Escolha quem vai receber: grupos, categorias, contatos ou um arquivo CSV.',
  messageRequired: 'Escreva a mensagem ou escolha um modelo de mensagem.',
  templateRequired: 'Em uma conexão oficial, escolha um modelo aprovado pela Meta.',
  variableInvalid: 'Escolha um campo do contato ou escreva um texto fixo.',
  sendAtPast: 'Escolha uma data e hora no futuro.',
} as const;

const variable = z.object({ key: z.string(), field: z.string(), value: z.string() });

/** The campaign form's values (whatsapp/campaigns/add and /edit/{id}). */
export const campaignFormSchema = z
  .object({
    name: z.string().trim().min(1, campaignFormTexts.nameRequired).max(120),
    instance_id: z.string().min(1, campaignFormTexts.connectionRequired),
    is_official: z.boolean(),
    group_ids: z.array(z.string()),
    category_ids: z.array(z.string()),
    customer_ids: z.array(z.string()),
    csv: z.string(),
    csv_name: z.string(),
    message: z.string().max(4096),
    message_template_id: z.string(),
    template: z.string(),
    variables: z.array(variable),
    when: z.enum(['now', 'later']),
    send_at: z.string(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    if (!v.group_ids.length && !v.category_ids.length && !v.customer_ids.length && !v.csv.trim()) issue('group_ids', campaignFormTexts.audienceEmpty);
    if (v.is_official) {
      if (!v.template) issue('template', campaignFormTexts.templateRequired);
      v.variables.forEach((item, index) => {
        if (!item.field && !item.value.trim()) issue(`variables.${index}.value`, campaignFormTexts.variableInvalid);
      });
    } else if (!v.message.trim() && !v.message_template_id) {
      issue('message', campaignFormTexts.messageRequired);
    }
    if (v.when === 'later') {
      const at = parseTimestamp(toTimestamp(v.send_at));
      if (at === null || at <= Date.now()) issue('send_at', campaignFormTexts.sendAtPast);
    }
  });

export type CampaignFormValues = z.infer<typeof campaignFormSchema>;

/** 'YYYY-MM-DDTHH:mm[:ss]' of a datetime-local field as SPEC §5's 'YYYY-MM-DD HH:mm:ss' (America/Sao_Paulo). */
export const toTimestamp = (local: string): string => {
  const [date = '', time = ''] = local.split('T');
  return `${date} ${time.length === 5 ? `${time}:00` : time}`;
};

export const templateValue = (t: { name: string; language: string }) => `${t.name}|${t.language}`;

export const emptyCampaignForm = (instanceId = ''): CampaignFormValues => ({
  name: '',
  instance_id: instanceId,
  is_official: false,
  group_ids: [],
  category_ids: [],
  customer_ids: [],
  csv: '',
  csv_name: '',
  message: '',
  message_template_id: '',
  template: '',
  variables: [],
  when: 'now',
  send_at: '',
});

/** A saved campaign back in the form (its CSV is not kept: only how many numbers it gave). */
export const campaignFormOf = (c: Campaign): CampaignFormValues => ({
  ...emptyCampaignForm(c.instance_id),
  name: c.name,
  is_official: c.is_official,
  group_ids: c.audience.group_ids,
  category_ids: c.audience.category_ids,
  customer_ids: c.audience.customer_ids,
  message: c.message ?? '',
  message_template_id: c.message_template_id ?? '',
  template: c.template_name && c.template_language ? templateValue({ name: c.template_name, language: c.template_language }) : '',
  variables: c.template_variables.map((v) => ({ key: v.key, field: v.field ?? '', value: v.value ?? '' })),
  when: c.send_at ? 'later' : 'now',
  send_at: c.send_at ? c.send_at.replace(' ', 'T') : '',
});

/** The form as createCampaign / updateCampaign take it. */
export function campaignInputOf(v: CampaignFormValues): CampaignInput {
  const [templateName = '', templateLanguage = ''] = v.template.split('|');
  return {
    name: v.name.trim(),
    instance_id: v.instance_id,
    audience: { group_ids: v.group_ids, category_ids: v.category_ids, customer_ids: v.customer_ids, csv: v.csv.trim() || null },
    ...(v.is_official
      ? {
          template_name: templateName,
          template_language: templateLanguage,
          template_variables: v.variables.map((item) => ({ key: item.key, field: item.field || null, value: item.value.trim() || null })),
        }
      : { message: v.message.trim() || null, message_template_id: v.message_template_id || null }),
    send_at: v.when === 'later' ? toTimestamp(v.send_at) : null,
  };
}
