import { Workbox } from 'workbox-window';

/** The precache that the new worker has just filled; every other cache is runtime data. */
const PRECACHE_PREFIX = 'workbox-precache';

export async function clearRuntimeCaches(storage: CacheStorage = caches): Promise<void> {
  const names = await storage.keys();
  await Promise.all(names.filter((name) => !name.startsWith(PRECACHE_PREFIX)).map((name) => storage.delete(name)));
}

/**
 * Registers sw.js (built by vite-plugin-pwa from sw/sw.ts). A new version takes over at once:
 * the waiting worker is told to skip waiting, and when it controls the page the caches are
 * cleared and the page reloads (SPEC §4).
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  // Workbox's own `isUpdate` only knows whether a worker controlled the page when it loaded; an
  // update found later in the same visit must reload too, the first install must not.
  let controlled = Boolean(navigator.serviceWorker.controller);
  workbox.addEventListener('waiting', () => workbox.messageSkipWaiting());
  workbox.addEventListener('controlling', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    void clearRuntimeCaches().finally(() => window.location.reload());
  });
  void workbox.register();
}
