/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync';
import { registerRoute } from 'workbox-routing';
import {
  ACCESS_TOKEN_MESSAGE,
  OPERATION_HEADER,
  OUTBOX_QUEUE_NAME,
  QUEUEABLE_OPERATIONS,
} from '../src/app/data/replication/outbox-contract';

declare const self: ServiceWorkerGlobalScope;

/**
 * Background Sync for outgoing messages sent offline (DESIGN §4). Only the send push is queued
 * (the page marks it with a header); pulls and everything else pass untouched (DESIGN §7). When
 * the network fails, the request is queued and the page still gets a network error, so RxDB keeps
 * the message in its own outbox and retries too: whichever replays first wins, and the server's
 * idempotency on the message hash makes the other a no-op.
 */
const GRAPHQL_PATH = /^\/[^/]+\/graphql$/;
const RETENTION_MINUTES = 7 * 24 * 60;

let latestToken: string | null = null;

function withLatestToken(request: Request): Request {
  if (!latestToken) return request;
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${latestToken}`);
  return new Request(request, { headers });
}

async function replay({ queue }: { queue: Queue }): Promise<void> {
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
    try {
      const response = await fetch(withLatestToken(entry.request.clone()));
      // A server in trouble keeps the request queued; any other answer (even a refusal) settles
      // it: the page's own outbox still holds the message and shows what happened.
      if (response.status >= 500) throw new Error(`outbox replay answered ${response.status}`);
    } catch (error) {
      await queue.unshiftRequest(entry);
      throw error;
    }
  }
}

export function registerOutboxQueue(): void {
  const queue = new Queue(OUTBOX_QUEUE_NAME, { maxRetentionTime: RETENTION_MINUTES, onSync: replay });

  self.addEventListener('message', (event) => {
    const data = event.data as { type?: string; token?: unknown } | null;
    if (data?.type === ACCESS_TOKEN_MESSAGE && typeof data.token === 'string') latestToken = data.token;
  });

  registerRoute(
    ({ request, url }) =>
      url.origin === self.location.origin &&
      GRAPHQL_PATH.test(url.pathname) &&
      QUEUEABLE_OPERATIONS.includes(request.headers.get(OPERATION_HEADER) ?? ''),
    async ({ request }) => {
      const copy = request.clone();
      try {
        return await fetch(request);
      } catch {
        await queue.pushRequest({ request: copy });
        return Response.error();
      }
    },
    'POST',
  );
}
