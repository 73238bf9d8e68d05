import { describe, expect, it, vi } from 'vitest';
import { Batcher } from '../../../../src/server/channels/inbound-batcher';

async function onFakeTimers(run: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
  try {
    await run();
  } finally {
    vi.useRealTimers();
  }
}

/** A batcher paced to one write per 60 ms that records when each write starts and what it holds. */
function pacedBatcher(fullBatch?: number) {
  const starts: Array<{ at: number; items: number[] }> = [];
  const batcher = new Batcher<number, number>({
    writeBatch: async (_key, items) => {
      starts.push({ at: performance.now(), items });
      return items;
    },
    writeOne: async (_key, item) => item,
    minIntervalMs: 60,
    ...(fullBatch === undefined ? {} : { fullBatch }),
  });
  return { starts, batcher };
}

describe('inbound group commit', () => {
  it('writes what arrives while a write runs as one batch, answering each caller in order', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, string>({
      writeBatch: async (_key, items) => {
        batches.push(items);
        await new Promise((resolve) => setTimeout(resolve, 20));
        return items.map((i) => `ok-${i}`);
      },
      writeOne: async () => {
        throw new Error('not used');
      },
    });
    const first = batcher.add('t1:i1', 0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rest = Array.from({ length: 9 }, (_, i) => batcher.add('t1:i1', i + 1));
    expect(await Promise.all([first, ...rest])).toEqual(Array.from({ length: 10 }, (_, i) => `ok-${i}`));
    expect(batches).toEqual([[0], [1, 2, 3, 4, 5, 6, 7, 8, 9]]);
  });

  it('keeps connections apart and caps the batch size', async () => {
    const batches: Array<[string, number]> = [];
    const batcher = new Batcher<number, number>({
      writeBatch: async (key, items) => {
        batches.push([key, items.length]);
        return items;
      },
      writeOne: async (_key, item) => item,
      maxBatch: 4,
    });
    await Promise.all([...Array.from({ length: 6 }, (_, i) => batcher.add('a', i)), batcher.add('b', 99)]);
    expect(batches).toEqual([
      ['a', 4],
      ['b', 1],
      ['a', 2],
    ]);
  });

  it('falls back to one write per item when a batch fails, so only the bad item fails', async () => {
    const batcher = new Batcher<number, number>({
      writeBatch: async () => {
        throw new Error('batch failed');
      },
      writeOne: async (_key, item) => {
        if (item === 2) throw new Error('bad item');
        return item * 10;
      },
    });
    const results = await Promise.allSettled([1, 2, 3].map((i) => batcher.add('k', i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toMatchObject({ value: 10 });
  });

  it('paces a busy key so arrivals during the interval go in one batch, while an idle key writes at once', async () => {
    await onFakeTimers(async () => {
      const { starts, batcher } = pacedBatcher();
      const sent: Array<Promise<number>> = [];
      // One item every 5 ms for 100 ms: without pacing each would be written on its own.
      for (let i = 0; i < 20; i++) {
        sent.push(batcher.add('k', i));
        await vi.advanceTimersByTimeAsync(5);
      }
      await vi.advanceTimersByTimeAsync(100);
      expect(await Promise.all(sent)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(starts.map((s) => s.items)).toEqual([[0], Array.from({ length: 12 }, (_, i) => i + 1), Array.from({ length: 7 }, (_, i) => i + 13)]);
      for (let i = 1; i < starts.length; i++) expect(starts[i]!.at - starts[i - 1]!.at).toBeGreaterThanOrEqual(60);
      // Idle for longer than the interval: the next item is written without waiting.
      await vi.advanceTimersByTimeAsync(100);
      const addedAt = performance.now();
      const idle = batcher.add('k', 99);
      await vi.advanceTimersByTimeAsync(0);
      expect(await idle).toBe(99);
      expect(starts.at(-1)).toEqual({ at: addedAt, items: [99] });
    });
  });

  it('writes a paced key at once when a full batch is waiting, without waiting out the interval', async () => {
    await onFakeTimers(async () => {
      const { starts, batcher } = pacedBatcher(4);
      const sent: Array<Promise<number>> = [];
      // One item every 5 ms: four of them are queued 20 ms after the first write, well before 60 ms.
      for (let i = 0; i < 9; i++) {
        sent.push(batcher.add('k', i));
        await vi.advanceTimersByTimeAsync(5);
      }
      await vi.advanceTimersByTimeAsync(100);
      expect(await Promise.all(sent)).toEqual(Array.from({ length: 9 }, (_, i) => i));
      expect(starts.map((s) => s.items)).toEqual([[0], [1, 2, 3, 4], [5, 6, 7, 8]]);
      expect(starts.map((s) => s.at - starts[0]!.at)).toEqual([0, 20, 40]);
    });
  });
});
