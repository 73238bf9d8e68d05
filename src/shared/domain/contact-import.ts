import { z } from 'zod';
import { hasForbiddenCharacters } from './forbidden-characters';
import { brazilPhoneVariants, normalizePhone } from './phone';

/**
 * CSV import of contacts (issue 14 §1): the fields a column can be mapped to, the check of one
 * row and the dedupe by normalised phone. The same rules run in the browser's worker (to refuse
 * and count rows before sending) and on the server (which decides).
 */
export const IMPORT_FIELDS = ['name', 'phone_number', 'document_register', 'address', 'group', 'open_field'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_LIMITS: Record<ImportField, number> = {
  name: 120,
  phone_number: 30,
  document_register: 30,
  address: 300,
  group: 60,
  open_field: 2000,
};

export const importTexts = {
  phoneMissing: 'Telefone não informado',
  phoneInvalid: 'Telefone inválido',
  forbidden: 'Caracteres não permitidos (|, < ou >)',
  tooLong: (field: string) => `Campo ${field} longo demais`,
  duplicate: (line: number) => `Telefone repetido no arquivo (mesmo da linha ${line})`,
} as const;

const FIELD_LABELS: Record<ImportField, string> = {
  name: 'nome',
  phone_number: 'telefone',
  document_register: 'documento',
  address: 'endereço',
  group: 'grupo',
  open_field: 'campo livre',
};

export type ImportValues = Partial<Record<ImportField, string>>;

export interface ImportRow extends ImportValues {
  /** The row's line in the file (header is line 1), echoed back in refusals. */
  line: number;
  phone_number: string;
}

export type RowCheck = { ok: true; row: ImportRow } | { ok: false; line: number; reason: string };

/** A Brazilian number with country code has 12 or 13 digits; other countries up to 15 (E.164). */
export const isPlausiblePhone = (normalized: string): boolean =>
  normalized.startsWith('55') ? normalized.length === 12 || normalized.length === 13 : normalized.length >= 10 && normalized.length <= 15;

export function checkImportRow(line: number, values: ImportValues): RowCheck {
  const cleaned: ImportValues = {};
  for (const field of IMPORT_FIELDS) {
    const value = values[field]?.trim();
    if (!value) continue;
    if (hasForbiddenCharacters(value)) return { ok: false, line, reason: importTexts.forbidden };
    if (value.length > IMPORT_LIMITS[field]) return { ok: false, line, reason: importTexts.tooLong(FIELD_LABELS[field]) };
    cleaned[field] = value;
  }
  if (!cleaned.phone_number) return { ok: false, line, reason: importTexts.phoneMissing };
  const phone = normalizePhone(cleaned.phone_number);
  if (!isPlausiblePhone(phone)) return { ok: false, line, reason: importTexts.phoneInvalid };
  return { ok: true, row: { ...cleaned, line, phone_number: phone } };
}

/**
 * Remembers the phones already seen in one file: a number written with and without the ninth
 * digit is the same contact, so its second row is refused as a repeat.
 */
export class ImportDeduper {
  private readonly seen = new Map<string, number>();

  /** The line that already holds this phone, or null (and the phone is remembered). */
  firstLineOf(row: ImportRow): number | null {
    const variants = brazilPhoneVariants(row.phone_number);
    for (const variant of variants) {
      const line = this.seen.get(variant);
      if (line !== undefined) return line;
    }
    for (const variant of variants) this.seen.set(variant, row.line);
    return null;
  }
}

/** The server's input for one row (the client sends what checkImportRow accepted). */
export const importRowSchema = z.object({
  line: z.number().int().positive(),
  name: z.string().trim().max(IMPORT_LIMITS.name).nullish(),
  phone_number: z.string().trim().max(IMPORT_LIMITS.phone_number),
  document_register: z.string().trim().max(IMPORT_LIMITS.document_register).nullish(),
  address: z.string().trim().max(IMPORT_LIMITS.address).nullish(),
  group: z.string().trim().max(IMPORT_LIMITS.group).nullish(),
  open_field: z.string().trim().max(IMPORT_LIMITS.open_field).nullish(),
});

/** Rows per call: small enough that one batch is one short transaction. */
export const IMPORT_BATCH_SIZE = 500;
