/** Phone numbers (SPEC §5) and Brazil's ninth mobile digit (fixtures/cloud-api/README.md). */

const COUNTRY_CODE = '55';

export const digitsOnly = (raw: string | number | null | undefined): string =>
  raw === null || raw === undefined ? '' : String(raw).replace(/\D/g, '');

/**
 * SPEC §5 exactly: keep the digits; a number longer than 11 digits that starts with 55 already
 * carries the country code, anything else gets 55 in front. An input without digits stays empty.
 */
export function normalizePhone(raw: string | number | null | undefined): string {
  const digits = digitsOnly(raw);
  if (digits === '') return '';
  return digits.length > 11 && digits.startsWith(COUNTRY_CODE) ? digits : COUNTRY_CODE + digits;
}

const splitLast4 = (number: string): string => `${number.slice(0, -4)}-${number.slice(-4)}`;

/**
 * `(area) number-last4`. Accepts numbers with or without the country code; what does not look
 * like a Brazilian number (too short, too long) is shown as its bare digits rather than guessed at.
 */
export function formatPhone(raw: string | number | null | undefined): string {
  const digits = digitsOnly(raw);
  const national =
    (digits.length === 12 || digits.length === 13) && digits.startsWith(COUNTRY_CODE) ? digits.slice(2) : digits;
  if (national.length === 10 || national.length === 11) {
    return `(${national.slice(0, 2)}) ${splitLast4(national.slice(2))}`;
  }
  if (national.length === 8 || national.length === 9) return splitLast4(national);
  return digits;
}

// A Brazilian area code has no zero; mobile subscriber numbers began with 6-9 before the ninth
// digit was added, so only those have an 8-digit twin (landlines, 2-5, never had one).
const BRAZIL_MOBILE_12 = /^55([1-9]{2})([6-9]\d{7})$/;
const BRAZIL_MOBILE_13 = /^55([1-9]{2})9([6-9]\d{7})$/;

/**
 * Every form under which WhatsApp may know this Brazilian mobile number: a wa_id can come as
 * 55+DDD+8 digits while the customer is stored with the ninth digit, or the other way round.
 * The given form comes first; any other number gives just itself.
 */
export function brazilPhoneVariants(raw: string | number | null | undefined): string[] {
  const digits = digitsOnly(raw);
  if (digits === '') return [];
  const short = BRAZIL_MOBILE_12.exec(digits);
  if (short) return [digits, `55${short[1]}9${short[2]}`];
  const long = BRAZIL_MOBILE_13.exec(digits);
  if (long) return [digits, `55${long[1]}${long[2]}`];
  return [digits];
}
