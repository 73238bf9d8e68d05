import { formatDialogParams, parseDialogParams } from './edit-form';

/** One row of the dialog parameters' key/value editor. */
export interface ParamRow {
  key: string;
  value: string;
}

/** The saved object as rows; a value that is not text is shown as its JSON. */
export function rowsFromJson(text: string): ParamRow[] {
  const parsed = parseDialogParams(text);
  if (!parsed.ok) return [];
  return Object.entries(parsed.value).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) }));
}

/** The rows as the form's JSON text; rows without a name are left out, values are kept as typed. */
export function jsonFromRows(rows: readonly ParamRow[], original: string): string {
  const before = parseDialogParams(original);
  const kept = before.ok ? before.value : {};
  const object: Record<string, unknown> = {};
  for (const { key, value } of rows) {
    const name = key.trim();
    if (!name) continue;
    // An untouched non-text value (a number, a list) stays what it was rather than becoming text.
    const old = kept[name];
    object[name] = old !== undefined && typeof old !== 'string' && JSON.stringify(old) === value ? old : value;
  }
  return formatDialogParams(object);
}

/** Names used twice (the second one is marked). */
export function duplicateRows(rows: readonly ParamRow[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  rows.forEach((row, index) => {
    const name = row.key.trim();
    if (!name) return;
    if (seen.has(name)) duplicates.add(index);
    seen.add(name);
  });
  return duplicates;
}
