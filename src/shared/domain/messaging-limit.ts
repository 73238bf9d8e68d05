import { z } from 'zod';

/**
 * A connection's daily messaging limit (SPEC §3 Instance.messaging_limit, §9): UNLIMITED shows
 * 'Ilimitado', anything else a count of thousands with the suffix 'mil'. Meta reports tiers as
 * TIER_250, TIER_1K, TIER_10K, TIER_100K, TIER_UNLIMITED; forms and old rows hold plain numbers.
 */
export const UNLIMITED = 'UNLIMITED';

export type MessagingLimit = number | typeof UNLIMITED;

export const MESSAGING_LIMIT_UNLIMITED_LABEL = 'Ilimitado';
export const MESSAGING_LIMIT_INVALID = 'Informe um limite de mensagens válido (ex.: 1000, 10 mil ou Ilimitado).';

const TIER = /^TIER_(\d+)(K?)$/;
const PLAIN = /^\d{1,3}(?:\.\d{3})+$|^\d+$/;
// pt-BR numbers: dots group thousands, a comma starts the fraction ('1.000 mil', '1,5 mil').
const THOUSANDS = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,3}))?\s*(?:MIL|K)$/;

const positiveInteger = (value: number): number | null => (Number.isSafeInteger(value) && value > 0 ? value : null);

/**
 * Reads a limit from the provider, the database or a form field. Empty means unlimited (as the
 * label rule treats it); null means the input is not a limit at all.
 */
export function parseMessagingLimit(input: unknown): MessagingLimit | null {
  if (input === null || input === undefined) return UNLIMITED;
  if (typeof input === 'number') return positiveInteger(input);
  if (typeof input !== 'string') return null;
  const text = input.trim().toUpperCase();
  if (text === '' || text === UNLIMITED || text === 'TIER_UNLIMITED' || text === 'ILIMITADO') return UNLIMITED;
  const tier = TIER.exec(text);
  if (tier) return positiveInteger(Number(tier[1]) * (tier[2] ? 1000 : 1));
  if (PLAIN.test(text)) return positiveInteger(Number(text.replace(/\./g, '')));
  const thousands = THOUSANDS.exec(text);
  if (thousands) {
    const whole = Number((thousands[1] ?? '').replace(/\./g, ''));
    const fraction = Number((thousands[2] ?? '').padEnd(3, '0'));
    return positiveInteger(whole * 1000 + fraction);
  }
  return null;
}

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** 1000 → '1 mil', 1500 → '1,5 mil', 250 → '250'; what cannot be read is shown as it came. */
export function messagingLimitLabel(limit: unknown): string {
  const parsed = parseMessagingLimit(limit);
  if (parsed === UNLIMITED) return MESSAGING_LIMIT_UNLIMITED_LABEL;
  if (parsed === null) return String(limit);
  if (parsed < 1000) return String(parsed);
  const whole = groupThousands(String(Math.floor(parsed / 1000)));
  const fraction = String(parsed % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `,${fraction}` : ''} mil`;
}

/** A form or mutation field: accepts what parseMessagingLimit reads and yields the parsed limit. */
export const messagingLimitSchema = z.unknown().transform((value, ctx): MessagingLimit => {
  const parsed = parseMessagingLimit(value);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: MESSAGING_LIMIT_INVALID });
    return z.NEVER;
  }
  return parsed;
});
