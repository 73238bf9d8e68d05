import { z } from 'zod';
import { isMetricKey } from '../../../shared/domain/metrics';
import { periodLength } from '../../../shared/domain/metrics';
import { fieldTexts } from '../../texts';
import { reportTexts as texts } from './texts';

const dayText = z
  .string(texts.dayInvalid)
  .regex(/^\d{4}-\d{2}-\d{2}$/, texts.dayInvalid)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && new Date(`${day}T12:00:00Z`).toISOString().startsWith(day), texts.dayInvalid);

/** Ids of a dimension; 0 selects "none" (no department, no attendant, ...). */
const ids = z.array(z.coerce.number(fieldTexts.idInvalid).int(fieldTexts.idInvalid).min(0, fieldTexts.idInvalid).max(Number.MAX_SAFE_INTEGER)).max(200).nullish();

export const periodInput = z
  .object({ from: dayText, to: dayText })
  .refine((p) => p.from <= p.to, { message: texts.periodInverted, path: ['to'] })
  .refine((p) => p.from > p.to || periodLength(p) <= 366, { message: texts.periodTooLong, path: ['to'] });

export const reportFilterInput = z
  .object({
    from: dayText,
    to: dayText,
    instance_ids: ids,
    department_ids: ids,
    user_ids: ids,
    campaign_ids: ids,
    category_ids: ids,
    reason_ids: ids,
    /** Durations counted in the store's opening hours (store info) instead of wall-clock. */
    business_hours: z.boolean().nullish(),
  })
  .refine((p) => p.from <= p.to, { message: texts.periodInverted, path: ['to'] })
  .refine((p) => p.from > p.to || periodLength(p) <= 366, { message: texts.periodTooLong, path: ['to'] });

export type ReportFilterInput = z.output<typeof reportFilterInput>;

export const DIMENSIONS = ['day', 'hour', 'instance', 'department', 'user', 'campaign', 'category', 'reason'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const metricName = z.string().max(20).refine(isMetricKey, texts.metricInvalid);

export const reportSumsInput = z.object({
  filter: reportFilterInput,
  group_by: z
    .array(z.enum(DIMENSIONS))
    .max(3, texts.dimensionsTooMany)
    .refine((d) => new Set(d).size === d.length, texts.dimensionsTooMany),
  metrics: z.array(metricName).max(40).nullish(),
});

export const reportTicketsInput = z.object({
  filter: reportFilterInput,
  metric: metricName,
  day: dayText.nullish(),
  hour: z.number().int().min(0).max(23).nullish(),
  limit: z.number().int().min(1).max(500).nullish(),
});

export const surveyAnswersInput = z.object({
  filter: reportFilterInput,
  max_grade: z.number().int().min(0).max(10).nullish(),
  limit: z.number().int().min(1).max(1000).nullish(),
});

/** What the builder saves: checked again here, so a saved report always runs. */
export const reportDefinition = z.object({
  metric: metricName,
  group_by: z.array(z.enum(DIMENSIONS)).max(3),
  days: z.number().int().min(1).max(366),
  filter: z
    .object({
      instance_ids: ids,
      department_ids: ids,
      user_ids: ids,
      campaign_ids: ids,
      category_ids: ids,
      reason_ids: ids,
      business_hours: z.boolean().nullish(),
    })
    .default({}),
});

export const saveReportInput = z.object({
  name: z.string(texts.nameRequired).trim().min(1, texts.nameRequired).max(80, fieldTexts.tooLong),
  definition: z
    .string()
    .max(4000, fieldTexts.tooLong)
    .transform((text, ctx) => {
      try {
        return JSON.stringify(reportDefinition.parse(JSON.parse(text)));
      } catch {
        ctx.addIssue({ code: 'custom', message: texts.definitionInvalid });
        return z.NEVER;
      }
    }),
});
