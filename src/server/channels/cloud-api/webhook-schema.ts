import { z } from 'zod';

/**
 * The parts of Meta's webhook bodies we read (fixtures/cloud-api/). Each array item is parsed on
 * its own, so one item of an unknown shape is skipped rather than failing a whole signed batch.
 */
const media = z.object({
  id: z.string(),
  mime_type: z.string(),
  sha256: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  voice: z.boolean().optional(),
});

const providerError = z.object({
  code: z.number(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});

/** Unix seconds as Meta sends them; anything past year 9999 (or not a number) is not a real time. */
const unixSeconds = z
  .string()
  .regex(/^\d{1,12}$/)
  .refine((value) => Number(value) <= 253_402_300_799, 'timestamp out of range');

export const messageSchema = z.object({
  id: z.string().min(1).max(512),
  /** A customer's WhatsApp id: digits only. */
  from: z.string().regex(/^\d{6,20}$/).optional(),
  timestamp: unixSeconds,
  type: z.string(),
  context: z.object({ id: z.string().optional(), from: z.string().optional() }).optional(),
  text: z.object({ body: z.string() }).optional(),
  image: media.optional(),
  audio: media.optional(),
  video: media.optional(),
  sticker: media.optional(),
  document: media.optional(),
  reaction: z.object({ message_id: z.string(), emoji: z.string().optional() }).optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string(), title: z.string() }).optional(),
      list_reply: z.object({ id: z.string(), title: z.string(), description: z.string().optional() }).optional(),
    })
    .optional(),
  button: z.object({ text: z.string(), payload: z.string().optional() }).optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
    })
    .optional(),
  contacts: z
    .array(
      z.object({
        name: z.object({ formatted_name: z.string().optional() }).optional(),
        phones: z.array(z.object({ phone: z.string().optional() })).optional(),
      }),
    )
    .optional(),
  unsupported: z.object({ type: z.string().optional() }).optional(),
  errors: z.array(providerError).optional(),
});
export type WebhookMessage = z.infer<typeof messageSchema>;

export const statusSchema = z.object({
  id: z.string(),
  status: z.enum(['sent', 'delivered', 'read', 'played', 'failed', 'deleted', 'warning']),
  timestamp: unixSeconds,
  recipient_id: z.string().optional(),
  errors: z.array(providerError).optional(),
});
export type WebhookStatus = z.infer<typeof statusSchema>;
export type WebhookError = z.infer<typeof providerError>;

export const contactSchema = z.object({
  wa_id: z.string().optional(),
  profile: z.object({ name: z.string().optional() }).optional(),
});

export const templateStatusSchema = z.object({
  event: z.string(),
  message_template_id: z.union([z.number(), z.string()]),
  message_template_name: z.string(),
  message_template_language: z.string(),
  reason: z.string().nullable().optional(),
});

const anyArray = z.array(z.unknown()).optional();

export const changeSchema = z.object({
  field: z.string(),
  value: z.object({
    metadata: z.object({ phone_number_id: z.string(), display_phone_number: z.string().optional() }).optional(),
    contacts: anyArray,
    messages: anyArray,
    statuses: anyArray,
    event: z.string().optional(),
  }).loose(),
});

export const envelopeSchema = z.object({
  object: z.string(),
  entry: z.array(z.object({ id: z.string(), changes: z.array(z.unknown()) })),
});
