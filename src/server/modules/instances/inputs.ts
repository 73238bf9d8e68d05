import { z } from 'zod';
import { digitsOnly } from '../../../shared/domain/phone';
import { messagingLimitSchema, UNLIMITED } from '../../../shared/domain/messaging-limit';
import { fieldTexts as t } from '../../texts';
import { instanceTexts } from './texts';

export const idInput = z.coerce.number(t.idInvalid).int(t.idInvalid).positive(t.idInvalid);
const name = z.string(instanceTexts.nameRequired).trim().min(1, instanceTexts.nameRequired).max(120, t.tooLong);
const optionalText = (max: number) => z.string().trim().max(max, t.tooLong).nullish();
const phone = z
  .string()
  .transform(digitsOnly)
  .refine((p) => p === '' || (p.length >= 10 && p.length <= 15), instanceTexts.phoneInvalid)
  .nullish();
/** Graph ids are decimal digits. */
const graphId = z.string().trim().regex(/^\d{0,30}$/, instanceTexts.graphIdInvalid).nullish();

export const createInstanceInput = z.object({
  name,
  hub_host: optionalText(255),
  channel: z.enum(['sandbox', 'cloud-api'], instanceTexts.channelInvalid).nullish(),
  phone_number: phone,
});

export const updateInstanceInput = z.object({
  id: idInput,
  name: name.nullish(),
  broker: optionalText(120),
  waba_id: graphId,
  hub_host: optionalText(255),
  phone_number: phone,
  official_token: z.string().trim().max(1024, t.tooLong).nullish(),
  messaging_send: z.number().int().min(0).nullish(),
  messaging_limit: messagingLimitSchema
    .transform((limit) => (limit === UNLIMITED ? UNLIMITED : String(limit)))
    .nullish(),
  official_phone_id: graphId,
  dialog_params: z.record(z.string(), z.unknown(), instanceTexts.dialogParamsInvalid).nullish(),
  // null clears the default; absent keeps it.
  default_department_id: idInput.nullish(),
  department_ids: z.array(idInput).max(500).nullish(),
});

export const instancesInput = z.object({
  filters: z
    .object({
      name: optionalText(120),
      channel: z.enum(['sandbox', 'cloud-api']).nullish(),
      activated: z.boolean().nullish(),
    })
    .nullish(),
  remove_ids: z.array(idInput).max(1000).nullish(),
});

const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
export const createWhatsappTemplateInput = z.object({
  instance_id: idInput,
  name: z.string().trim().regex(TEMPLATE_NAME, instanceTexts.templateNameInvalid),
  language: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, instanceTexts.templateLanguageInvalid),
  category: z.enum(['UTILITY', 'MARKETING', 'AUTHENTICATION'], instanceTexts.templateCategoryInvalid),
  parameter_format: z.enum(['POSITIONAL', 'NAMED']).nullish(),
  components: z
    .array(z.record(z.string(), z.unknown()), instanceTexts.templateComponentsInvalid)
    .min(1, instanceTexts.templateComponentsInvalid)
    .refine((list) => list.some((c) => c.type === 'BODY'), instanceTexts.templateBodyRequired),
});

export const whatsappTemplatesInput = z.object({
  instance_id: idInput,
  status: z.string().trim().toUpperCase().max(30).nullish(),
  refresh: z.boolean().nullish(),
});
