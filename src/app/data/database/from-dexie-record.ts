import type { RxDocumentData } from 'rxdb';
import { DEXIE_PIPE_SUBSTITUTE, dexieReplaceIfStartsWithPipeRevert } from 'rxdb/plugins/storage-dexie';

/** The keys of `value` (an object or array read from IndexedDB) reverted as RxDB stores them; a new object only if a key changes. */
function revertKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      if (item !== null && typeof item === 'object') value[i] = revertKeys(item);
    }
    return value;
  }
  const record = value as Record<string, unknown>;
  let renamed = false;
  for (const key in record) {
    const item = record[key];
    if (item !== null && typeof item === 'object') record[key] = revertKeys(item);
    if (key.includes(DEXIE_PIPE_SUBSTITUTE) && dexieReplaceIfStartsWithPipeRevert(key) !== key) renamed = true;
  }
  if (!renamed) return record;
  const copy: Record<string, unknown> = {};
  for (const key in record) copy[dexieReplaceIfStartsWithPipeRevert(key)] = record[key];
  return copy;
}

/** Dexie keeps indexed booleans as '1' / '0' (IndexedDB cannot index booleans). */
function setBoolean(record: Record<string, unknown>, path: string): void {
  // Usually `_deleted` alone: no path to split for every record read.
  if (!path.includes('.')) {
    record[path] = record[path] === '1';
    return;
  }
  const parts = path.split('.');
  let at = record;
  for (const part of parts.slice(0, -1)) {
    const next = at[part];
    at = (next !== null && typeof next === 'object' ? next : (at[part] = {})) as Record<string, unknown>;
  }
  const last = parts[parts.length - 1]!;
  at[last] = at[last] === '1';
}

/**
 * RxDB's `fromDexieToStorage` for a record just read from IndexedDB, which nothing else holds, so
 * it is converted in place. RxDB's copies every record twice and splits every key, and with the
 * garbage that makes it was about a tenth of the page's work while a conversation opens (CPU
 * profile of the attendance bench). Same result (from-dexie-record.test.ts).
 */
export function fromDexieRecord<T>(booleanIndexes: readonly string[], record: unknown): RxDocumentData<T> {
  const doc = revertKeys(record) as Record<string, unknown>;
  for (const path of booleanIndexes) setBoolean(doc, path);
  return doc as RxDocumentData<T>;
}
