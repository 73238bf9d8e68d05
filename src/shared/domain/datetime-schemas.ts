import { z } from 'zod';
import { TIME_INVALID, TIME_PATTERN, TIMESTAMP_INVALID, parseTimestamp } from './datetime';

/**
 * The time and timestamp formats of datetime.ts as zod schemas, for forms and inputs that
 * validate with zod. Apart from datetime.ts so that screens which only format dates do not load zod.
 */
export const timeSchema = z.string().trim().regex(TIME_PATTERN, TIME_INVALID);

export const timestampSchema = z
  .string()
  .trim()
  .refine((text) => parseTimestamp(text) !== null, TIMESTAMP_INVALID);
