/**
 * Browser storage that never throws: private modes and full quotas make Web Storage fail, and a
 * lost preference must not break the app.
 */
export type StorageKind = 'local' | 'session';

const area = (kind: StorageKind): Storage | null => {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
};

export function readJson<T>(kind: StorageKind, key: string): T | null {
  try {
    const raw = area(kind)?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(kind: StorageKind, key: string, value: unknown): void {
  try {
    area(kind)?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the value lives in memory for this visit only.
  }
}

export function removeKey(kind: StorageKind, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
