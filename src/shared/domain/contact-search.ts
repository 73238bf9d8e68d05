import { brazilPhoneVariants, digitsOnly, normalizePhone } from './phone';

/**
 * How the contacts list reads what was typed in its search box (issue 14 §1). Text with letters
 * searches names; text made of digits and phone punctuation searches phones and documents by
 * their digits. A complete number also matches its stored forms exactly (SPEC §5 normalisation,
 * Brazil's ninth digit both ways, as the inbound pipeline matches customers).
 */
export interface ContactSearch {
  /** Lower-case text for a name contains-match; empty when the search is numeric. */
  text: string;
  /** The typed digits, for a contains-match on phones and documents. */
  digits: string;
  /** Whole stored forms of a complete phone number; empty when the digits are partial. */
  phones: string[];
}

const NUMERIC = /^[\d\s()+\-./]+$/;

export function parseContactSearch(raw: string | null | undefined): ContactSearch | null {
  const trimmed = (raw ?? '').trim();
  if (trimmed === '') return null;
  if (!NUMERIC.test(trimmed)) return { text: trimmed.toLowerCase(), digits: '', phones: [] };
  const digits = digitsOnly(trimmed);
  if (digits === '') return null;
  const normalized = normalizePhone(digits);
  const complete = normalized.length >= 12 && normalized.length <= 13;
  return { text: '', digits, phones: complete ? brazilPhoneVariants(normalized) : [] };
}

/** Escapes LIKE's wildcards so a typed `%` or `_` matches itself. */
export const likeContains = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
