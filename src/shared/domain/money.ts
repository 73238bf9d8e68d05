/** Amounts in reais (SPEC §9): 'R$ ' prefix, two decimals, comma decimal separator, dot thousands. */

export const CURRENCY_PREFIX = 'R$ ';

export interface FormatMoneyOptions {
  /** The value is in centavos (the default); false when it is already in reais. */
  minor?: boolean;
}

const roundHalfAwayFromZero = (value: number): number => Math.sign(value) * Math.round(Math.abs(value));

/** Multiplying by 100 in binary floating point turns 1.005 into 100.49999…; 15 significant digits undo that. */
const reaisToCents = (value: number): number => roundHalfAwayFromZero(Number((value * 100).toPrecision(15)));

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * `formatMoney(123456)` → 'R$ 1.234,56'; negatives as '-R$ 1,50'. Built by hand rather than with
 * Intl, whose pt-BR output separates 'R$' with a no-break space. Not-a-number gives ''.
 */
export function formatMoney(value: number | bigint, { minor = true }: FormatMoneyOptions = {}): string {
  let cents: bigint;
  if (typeof value === 'bigint') {
    cents = minor ? value : value * 100n;
  } else {
    if (!Number.isFinite(value)) return '';
    cents = BigInt(minor ? roundHalfAwayFromZero(value) : reaisToCents(value));
  }
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const whole = groupThousands((absolute / 100n).toString());
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${CURRENCY_PREFIX}${whole},${fraction}`;
}
