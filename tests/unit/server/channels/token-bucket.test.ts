import { describe, expect, it } from 'vitest';
import { Pacer, TokenBucket } from '../../../../src/server/channels/pacing/token-bucket';

describe('token bucket pacing', () => {
  it('serves every caller, in order, no faster than the rate after the burst', async () => {
    const bucket = new TokenBucket(50, 5);
    const order: number[] = [];
    const started = performance.now();
    await Promise.all(Array.from({ length: 25 }, (_, i) => bucket.take().then(() => order.push(i))));
    const elapsed = performance.now() - started;
    expect(order).toEqual(Array.from({ length: 25 }, (_, i) => i));
    // 5 at once, then 20 more at 50/s: at least 400 ms.
    expect(elapsed).toBeGreaterThanOrEqual(380);
    expect(elapsed).toBeLessThan(1500);
  });

  it('spaces sends evenly per key, and keeps keys apart so connections do not slow each other', async () => {
    const pacer = new Pacer();
    const times: number[] = [];
    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: 10 }, () => pacer.take('a', 50).then(() => times.push(performance.now()))),
      ...Array.from({ length: 10 }, () => pacer.take('b', 50)),
    ]);
    const elapsed = performance.now() - started;
    // 10 sends at 50/s, one at once then one every 20 ms: about 180 ms for both keys together.
    expect(elapsed).toBeGreaterThanOrEqual(170);
    expect(elapsed).toBeLessThan(600);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(15);
  });
});
