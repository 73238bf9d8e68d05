import { syncTexts } from '../texts';

/**
 * Persistent storage and quota (issue 3 §3): ask the browser to keep our data after sign-in, and
 * warn when usage passes 80% of the quota. Notifications are UI, so warnings go to a callback.
 */
export interface StorageNotice {
  kind: 'quota' | 'not-persistent';
  title: string;
  message: string;
}

export const QUOTA_WARNING_RATIO = 0.8;

interface StorageManagerLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

const storageManager = (): StorageManagerLike | undefined =>
  (globalThis.navigator as { storage?: StorageManagerLike } | undefined)?.storage;

/** Returns whether storage is persistent; warns once when the browser refuses. */
export async function requestPersistentStorage(
  notify: (notice: StorageNotice) => void,
  manager: StorageManagerLike | undefined = storageManager(),
): Promise<boolean> {
  if (!manager?.persist) return false;
  try {
    if (manager.persisted && (await manager.persisted())) return true;
    const granted = await manager.persist();
    if (!granted) {
      notify({ kind: 'not-persistent', title: syncTexts.storageNotPersistentTitle, message: syncTexts.storageNotPersistentMessage });
    }
    return granted;
  } catch {
    return false;
  }
}

/** Checks usage against the quota; calls `notify` when it passes 80%. Returns the ratio (or null). */
export async function checkStorageQuota(
  notify: (notice: StorageNotice) => void,
  manager: StorageManagerLike | undefined = storageManager(),
): Promise<number | null> {
  if (!manager?.estimate) return null;
  try {
    const { usage, quota } = await manager.estimate();
    if (!usage || !quota) return null;
    const ratio = usage / quota;
    if (ratio > QUOTA_WARNING_RATIO) {
      notify({
        kind: 'quota',
        title: syncTexts.storageAlmostFullTitle,
        message: syncTexts.storageAlmostFullMessage(Math.floor(ratio * 100)),
      });
    }
    return ratio;
  } catch {
    return null;
  }
}

/** Checks now and every `intervalMs`, warning at most once per crossing of the threshold. */
export function watchStorageQuota(
  notify: (notice: StorageNotice) => void,
  intervalMs = 5 * 60_000,
  manager: StorageManagerLike | undefined = storageManager(),
): () => void {
  let warned = false;
  const check = async () => {
    const ratio = await checkStorageQuota((notice) => {
      if (!warned) notify(notice);
      warned = true;
    }, manager);
    if (ratio !== null && ratio <= QUOTA_WARNING_RATIO) warned = false;
  };
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  return () => clearInterval(timer);
}
