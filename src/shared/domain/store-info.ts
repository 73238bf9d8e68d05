import { z } from 'zod';
import { digitsOnly, formatPhone } from './phone';
import { DEFAULT_OPENING_HOURS, openingHoursSchema, type OpeningHours } from './opening-hours';

/**
 * The store's own details (configs/client-form), kept as the tenant setting `store_info` (JSON):
 * shown on the help and public pages and filled into the closing message's variables.
 */
export const STORE_INFO_KEY = 'store_info';

export interface StoreInfo {
  name: string;
  document: string;
  address: string;
  phone: string;
  opening_hours: OpeningHours;
  /** A file of the media store (`/api/file/<name>`), or empty. */
  logo: string;
}

export const EMPTY_STORE_INFO: StoreInfo = { name: '', document: '', address: '', phone: '', opening_hours: DEFAULT_OPENING_HOURS, logo: '' };

/** CNPJ check digits (Receita Federal's modulo-11 rule); 14 equal digits are refused too. */
export function isValidCnpj(raw: string): boolean {
  const digits = digitsOnly(raw);
  if (digits.length !== 14 || /^(\d)\1{13}$/.test(digits)) return false;
  const check = (length: number): number => {
    const weights = length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(digits[12]) && check(13) === Number(digits[13]);
}

export const storeInfoTexts = {
  nameRequired: 'Informe o nome da loja.',
  cnpjInvalid: 'Informe um CNPJ válido (14 dígitos).',
  phoneInvalid: 'Informe o telefone com DDD.',
  tooLong: 'Texto muito longo.',
} as const;

export const storeInfoSchema = z.object({
  name: z.string().trim().min(1, storeInfoTexts.nameRequired).max(120, storeInfoTexts.tooLong),
  document: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidCnpj(v), storeInfoTexts.cnpjInvalid)
    .transform((v) => digitsOnly(v)),
  address: z.string().trim().max(300, storeInfoTexts.tooLong),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || (digitsOnly(v).length >= 10 && digitsOnly(v).length <= 13), storeInfoTexts.phoneInvalid)
    .transform((v) => digitsOnly(v)),
  opening_hours: openingHoursSchema,
  logo: z.string().trim().max(300, storeInfoTexts.tooLong),
});

/** A stored value read back; anything unreadable counts as not filled in yet. */
export function parseStoreInfo(value: string | null | undefined): StoreInfo {
  if (!value) return EMPTY_STORE_INFO;
  try {
    const parsed = storeInfoSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : EMPTY_STORE_INFO;
  } catch {
    return EMPTY_STORE_INFO;
  }
}

/** The variables a closing or survey message may use, with what each one says in the editor. */
export const MESSAGE_VARIABLES = [
  { name: 'nome_cliente', label: 'Nome do cliente' },
  { name: 'nome_loja', label: 'Nome da loja' },
  { name: 'telefone_loja', label: 'Telefone da loja' },
  { name: 'endereco_loja', label: 'Endereço da loja' },
  { name: 'protocolo', label: 'Protocolo do atendimento' },
] as const;

export interface MessageContext {
  customerName?: string | null;
  protocol?: string | null;
  store: Pick<StoreInfo, 'name' | 'phone' | 'address'>;
}

/** Fills `{{variável}}` in a message; unknown names stay as written so a typo shows in the preview. */
export function fillMessageVariables(template: string, context: MessageContext): string {
  const values: Record<string, string> = {
    nome_cliente: context.customerName?.trim() ?? '',
    nome_loja: context.store.name,
    telefone_loja: context.store.phone ? formatPhone(context.store.phone) : '',
    endereco_loja: context.store.address,
    protocolo: context.protocol ?? '',
  };
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? '') : whole));
}
