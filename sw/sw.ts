/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { registerOutboxQueue } from './outbox-queue';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Addresses the server answers itself: never the app shell. */
const SERVER_PATHS = [/^\/api\//, /^\/webhooks(\/|$)/, /^\/[^/]+\/graphql(\/|$)/, /^\/sandbox(\/|$)/];

const MEDIA_CACHE = 'pedbot-media';
const MEDIA_MAX_ENTRIES = 300;
const MEDIA_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

// The page posts SKIP_WAITING when this version is waiting (src/app/pwa/register-service-worker.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the single-page app is index.html, also offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }));

// Media files do not change once uploaded: cache first, bounded in count and age.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/file/'),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: MEDIA_MAX_ENTRIES, maxAgeSeconds: MEDIA_MAX_AGE_SECONDS, purgeOnQuotaError: true })],
  }),
);

registerOutboxQueue();

clientsClaim();
