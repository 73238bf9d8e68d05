import { digitsOnly } from './phone';

/** A CNPJ (14 digits) as the Receita Federal writes it: 11.222.333/0001-81; anything else as given. */
export const formatCnpj = (raw: string): string => {
  const d = digitsOnly(raw);
  return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : raw;
};

/**
 * A customer's document as Brazilians read it: a CPF (11 digits) as 123.456.789-09, a CNPJ as
 * above; anything else (a foreign document, a typo) as it was stored, so nothing is hidden.
 */
export function formatTaxId(raw: string | null | undefined): string {
  if (!raw) return '';
  const d = digitsOnly(raw);
  if (d.length === 11 && /^[\d.\-\s]+$/.test(raw)) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (d.length === 14 && /^[\d./\-\s]+$/.test(raw)) return formatCnpj(d);
  return raw;
}
