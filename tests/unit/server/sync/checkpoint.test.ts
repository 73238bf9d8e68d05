import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { AsyncQueue } from '../../../../src/server/sync/async-queue';
import { checkpointFromCursor, cursorFromCheckpoint, FEED_START, isAfter, minCursor } from '../../../../src/server/sync/checkpoint';

describe('checkpoints', () => {
  it('starts at the beginning without one and round-trips a cursor', () => {
    expect(cursorFromCheckpoint(null)).toEqual(FEED_START);
    expect(cursorFromCheckpoint(checkpointFromCursor({ position: 812, id: 34 }))).toEqual({ position: 812, id: 34 });
  });

  it('refuses a checkpoint that is not the server’s', () => {
    expect(() => cursorFromCheckpoint({ id: 'tmp:1', position: 3 })).toThrow(ZodError);
    expect(() => cursorFromCheckpoint({ id: '1', position: -1 })).toThrow(ZodError);
  });

  it('orders cursors by transaction, then id', () => {
    expect(isAfter({ position: 5, id: 1 }, { position: 4, id: 99 })).toBe(true);
    expect(isAfter({ position: 5, id: 2 }, { position: 5, id: 1 })).toBe(true);
    expect(isAfter({ position: 5, id: 1 }, { position: 5, id: 1 })).toBe(false);
    expect(minCursor([{ position: 5, id: 1 }, { position: 4, id: 9 }, { position: 4, id: 3 }])).toEqual({ position: 4, id: 3 });
  });
});

describe('AsyncQueue', () => {
  it('hands pushed values to the reader in order and closes once', async () => {
    let closed = 0;
    const queue = new AsyncQueue<number>(() => closed++);
    const pending = queue.next();
    queue.push(1);
    queue.push(2);
    expect(await pending).toEqual({ value: 1, done: false });
    expect(await queue.next()).toEqual({ value: 2, done: false });
    await queue.return();
    await queue.return();
    expect(closed).toBe(1);
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });

  it('collapses a slow reader’s backlog into one value', async () => {
    const queue = new AsyncQueue<string>();
    queue.push('a');
    queue.push('b');
    queue.replaceBuffered('resync');
    expect(queue.size).toBe(1);
    expect(await queue.next()).toEqual({ value: 'resync', done: false });
  });
});
