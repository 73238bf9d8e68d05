import type { Observable } from 'rxjs';
import { storageTexts } from '../../../shared/i18n/pt-BR';
import type { StorageNotice } from './storage-quota';

/** A storage warning as the user sees it: the notice and, after it, what to do about it. */
export interface ShownStorageNotice {
  kind: StorageNotice['kind'];
  title: string;
  message: string;
}

/** Where the levels already shown are kept: the tab's sessionStorage, so a reload does not repeat them. */
export interface SeenLevels {
  has(kind: string): boolean;
  add(kind: string): void;
}

const SEEN_KEY = 'pedbot:storage-notices';

export function sessionSeenLevels(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.sessionStorage): SeenLevels {
  const memory = new Set<string>();
  const read = (): string[] => {
    try {
      return JSON.parse(storage?.getItem(SEEN_KEY) ?? '[]') as string[];
    } catch {
      return [];
    }
  };
  return {
    has: (kind) => memory.has(kind) || read().includes(kind),
    add: (kind) => {
      memory.add(kind);
      try {
        storage?.setItem(SEEN_KEY, JSON.stringify([...new Set([...read(), kind])]));
      } catch {
        // A full or blocked sessionStorage still leaves the in-memory record for this page.
      }
    },
  };
}

const ACTIONS: Record<StorageNotice['kind'], string> = {
  quota: storageTexts.quotaAction,
  'not-persistent': storageTexts.notPersistentAction,
};

/** Shows each level of storage warning (near quota, not persistent) once per browser session. */
export function showStorageNoticesOnce(
  notices$: Observable<StorageNotice>,
  show: (notice: ShownStorageNotice) => void,
  seen: SeenLevels = sessionSeenLevels(),
): () => void {
  const subscription = notices$.subscribe((notice) => {
    if (seen.has(notice.kind)) return;
    seen.add(notice.kind);
    show({ kind: notice.kind, title: notice.title, message: `${notice.message} ${ACTIONS[notice.kind]}` });
  });
  return () => subscription.unsubscribe();
}
