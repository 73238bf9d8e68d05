import { z } from 'zod';
import { CONTACT_FIELDS } from '../../../shared/domain/campaigns/campaign-audience';
import { sendAtSchema } from '../../../shared/domain/schedules';
import { rowId } from '../../sync/access';
import { campaignTexts as texts } from './texts';

const CSV_MAX_CHARS = 5_000_000;
export const MAX_RECIPIENTS = 100_000;

export const audienceSchema = z.object({
  group_ids: z.array(rowId).max(500).nullish(),
  category_ids: z.array(rowId).max(500).nullish(),
  customer_ids: z.array(rowId).max(MAX_RECIPIENTS, texts.tooManyRecipients).nullish(),
  csv: z.string().max(CSV_MAX_CHARS, texts.csvTooLarge).nullish(),
});

export type AudienceArgs = z.infer<typeof audienceSchema>;

const variableSchema = z
  .object({
    key: z.string().trim().min(1).max(60),
    field: z.enum(CONTACT_FIELDS).nullish(),
    value: z.string().trim().max(1000).nullish(),
  })
  .refine((v) => Boolean(v.field) || Boolean(v.value), texts.variableInvalid);

/** CampaignInput as the API takes it; send_at must be in the future at `now`. */
export const campaignInputSchema = (now: number) =>
  z.object({
    name: z.string().trim().min(1, texts.nameRequired).max(120, texts.nameTooLong),
    instance_id: rowId,
    audience: audienceSchema,
    message: z.string().trim().max(4096, texts.messageTooLong).nullish(),
    message_template_id: rowId.nullish(),
    template_name: z.string().trim().regex(/^[a-z0-9_]{1,512}$/, texts.templateInvalid).nullish(),
    template_language: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, texts.templateInvalid).nullish(),
    template_variables: z.array(variableSchema).max(30).nullish(),
    flow_id: rowId.nullish(),
    send_at: sendAtSchema(now).nullish(),
  });

export type CampaignInputArgs = z.infer<ReturnType<typeof campaignInputSchema>>;
