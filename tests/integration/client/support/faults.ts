import { SyncRequestError, type SyncTransport } from '../../../../src/app/data/replication/transport';

/** mulberry32: a tiny seeded PRNG, so a failing schedule can be replayed from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Faults on push requests: the answer is lost after the server applied it, or the request goes twice. */
export interface PushFaults {
  dropNextAnswer: number;
  duplicateNext: number;
  dropped: number;
  duplicated: number;
}

export const newPushFaults = (): PushFaults => ({ dropNextAnswer: 0, duplicateNext: 0, dropped: 0, duplicated: 0 });

export function withPushFaults(transport: SyncTransport, faults: PushFaults): SyncTransport {
  return {
    ...transport,
    request: async (query, variables, operation) => {
      if (!operation?.startsWith('push')) return transport.request(query, variables, operation);
      if (faults.duplicateNext > 0) {
        faults.duplicateNext -= 1;
        faults.duplicated += 1;
        await transport.request(query, variables, operation);
      }
      const result = await transport.request(query, variables, operation);
      if (faults.dropNextAnswer > 0) {
        faults.dropNextAnswer -= 1;
        faults.dropped += 1;
        throw new SyncRequestError('network', 'answer lost');
      }
      return result as never;
    },
  };
}
