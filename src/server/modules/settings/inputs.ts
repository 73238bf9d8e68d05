import { z } from 'zod';
import { fieldTexts as t } from '../../texts';

export const featureInput = z.object({ name: z.string().trim().max(100, t.tooLong).nullish() });

export const setFeatureInput = z.object({ name: z.string().trim().max(100, t.tooLong), enabled: z.boolean() });
