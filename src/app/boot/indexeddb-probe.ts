const PROBE_NAME = 'pedbot-probe';
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Whether this browser can open IndexedDB, which the local database needs (SPEC §5): private
 * modes either lack it, fail the open, or never answer.
 */
export function canOpenIndexedDb(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<boolean> {
  if (!factory) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      resolve(ok);
    };
    try {
      const request = factory.open(PROBE_NAME);
      request.onsuccess = () => {
        request.result.close();
        factory.deleteDatabase(PROBE_NAME);
        done(true);
      };
      request.onerror = () => done(false);
    } catch {
      done(false);
    }
  });
}
