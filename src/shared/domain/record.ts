/**
 * Small helpers for records that reach the domain rules from several sources: PostgreSQL
 * bigints may arrive as strings, RxDB documents as numbers, and flags as 0/1 or booleans.
 */
export type RecordId = number | string;

/** 0/1 columns and booleans both occur for the spec's flags (finished_ticket, inbox, is_temp...). */
export type Flag = boolean | number | null | undefined;

export const isSet = (flag: Flag): boolean => flag === true || (typeof flag === 'number' && flag !== 0);

/** Ids compare by value, so 12 (RxDB) and '12' (a bigint from PostgreSQL) are the same record. */
export const sameId = (a: RecordId | null | undefined, b: RecordId | null | undefined): boolean =>
  a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

const DIGITS = /^\d+$/;

/** Orders ids numerically when both are whole numbers (of any size), otherwise as text. */
export function compareIds(a: RecordId, b: RecordId): number {
  let x = String(a);
  let y = String(b);
  if (DIGITS.test(x) && DIGITS.test(y)) {
    x = x.replace(/^0+(?=\d)/, '');
    y = y.replace(/^0+(?=\d)/, '');
    if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  }
  return x < y ? -1 : x > y ? 1 : 0;
}
