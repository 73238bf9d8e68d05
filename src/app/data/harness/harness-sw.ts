/// <reference lib="webworker" />
import { registerOutboxQueue } from '../../../../sw/outbox-queue';

declare const self: ServiceWorkerGlobalScope;

/**
 * The harness page's own service worker (scope /sync-harness/): the app's outbox queue, plus a
 * network-first cache of the harness files so the page reloads offline. The app's sw.ts does the
 * same for the real app with its precache; the harness keeps out of its way.
 */
const CACHE = 'pedbot-sync-harness';

self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

registerOutboxQueue();

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || !url.pathname.startsWith('/sync-harness/')) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(event.request);
        if (response.ok) await cache.put(event.request, response.clone());
        return response;
      } catch (error) {
        const cached = await cache.match(event.request, { ignoreSearch: true });
        if (cached) return cached;
        throw error;
      }
    })(),
  );
});
