import { z } from 'zod';

/** CRM rules (SPEC §2 crm/*) shared by the forms and the server. */
export const crmTexts = {
  nameRequired: 'Informe o nome.',
  nameTooLong: 'Use no máximo 80 caracteres.',
  colorInvalid: 'Escolha uma cor (#rrggbb).',
  noteRequired: 'Este motivo exige uma observação.',
} as const;

const name = z.string().trim().min(1, crmTexts.nameRequired).max(80, crmTexts.nameTooLong);

/** An attendance-summary reason: name, active, whether closing with it needs a note. */
export const crmReasonSchema = z.object({
  name,
  activated: z.boolean(),
  requires_note: z.boolean(),
});
export type CrmReasonInput = z.infer<typeof crmReasonSchema>;

export const CATEGORY_COLOR = /^#[0-9a-f]{6}$/i;

export const categorySchema = z.object({
  name,
  color: z.string().trim().regex(CATEGORY_COLOR, crmTexts.colorInvalid),
});
export type CategoryInput = z.infer<typeof categorySchema>;

/** Finalizar: a reason that requires a note refuses an empty one. */
export const closingNoteMissing = (reason: { requires_note?: boolean | null }, note: string | null | undefined): boolean =>
  Boolean(reason.requires_note) && !note?.trim();
