import { describe, expect, it } from 'vitest';
import { DAY_MS, pacingStep, SECOND_MS } from '../../../../src/shared/domain/campaigns/campaign-pacing';
import { UNLIMITED, type MessagingLimit } from '../../../../src/shared/domain/messaging-limit';

/** Runs a campaign against a fake clock and returns the instants of every send and every limit wait. */
function simulate(total: number, perSecond: number, limit: MessagingLimit, opened: number[] = [], maxSteps = 1_000_000) {
  let now = 0;
  const sends: number[] = [];
  const conversations = [...opened];
  const limited: number[] = [];
  for (let step = 0; step < maxSteps && sends.length < total; step++) {
    const plan = pacingStep({ now, perSecond, limit, recentSends: sends.slice(-perSecond * 2), conversationsOpened: conversations, pending: total - sends.length });
    for (let i = 0; i < plan.send; i++) {
      sends.push(now);
      conversations.push(now);
    }
    if (plan.limitedUntil !== null) limited.push(plan.limitedUntil);
    now += plan.waitMs || 1;
  }
  return { sends, limited };
}

const maxInWindow = (times: number[], windowMs: number): number => {
  let max = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= windowMs) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
};

describe('campaign pacing (fake clock)', () => {
  it('never sends more than the throughput in any second, spread over the second', () => {
    const { sends } = simulate(1000, 80, UNLIMITED);
    expect(sends).toHaveLength(1000);
    expect(maxInWindow(sends, SECOND_MS)).toBeLessThanOrEqual(80);
    // 1000 at 80/s needs at least 12 s, and the pacer does not idle far beyond it.
    expect(sends.at(-1)!).toBeGreaterThanOrEqual(12 * SECOND_MS);
    expect(sends.at(-1)!).toBeLessThan(14 * SECOND_MS);
    // Quarter-second slices: at most 20 at one instant.
    expect(maxInWindow(sends, 1)).toBeLessThanOrEqual(20);
  });

  it.each([250, 2000])('stays under a %s-conversation tier in every moving 24 h and continues by itself when it allows', (limit) => {
    const total = limit * 2 + 10;
    const { sends, limited } = simulate(total, 80, limit);
    expect(sends).toHaveLength(total);
    expect(maxInWindow(sends, DAY_MS)).toBeLessThanOrEqual(limit);
    expect(limited.length).toBeGreaterThan(0);
    // The third batch starts two days in, once the second day's conversations expire.
    expect(sends.at(-1)!).toBeGreaterThanOrEqual(2 * DAY_MS);
  });

  it('counts the conversations other sends opened today', () => {
    const opened = Array.from({ length: 200 }, (_, i) => -DAY_MS / 2 + i);
    const { sends } = simulate(100, 80, 250, opened);
    const firstDay = sends.filter((t) => t < DAY_MS / 2);
    expect(firstDay).toHaveLength(50);
    expect(maxInWindow([...opened, ...sends].sort((a, b) => a - b), DAY_MS)).toBeLessThanOrEqual(250);
  });

  it('tells when the limit frees the next conversation', () => {
    const opened = Array.from({ length: 250 }, (_, i) => i * 1000);
    const step = pacingStep({ now: 300_000, perSecond: 80, limit: 250, recentSends: [], conversationsOpened: opened, pending: 5 });
    expect(step).toEqual({ send: 0, waitMs: DAY_MS - 300_000, limitedUntil: DAY_MS });
  });

  it('keeps at most a second of sends waiting in the connection queue', () => {
    const base = { now: 10_000, perSecond: 40, limit: UNLIMITED, recentSends: [], conversationsOpened: [], pending: 500 } as const;
    expect(pacingStep({ ...base, inFlight: 40 })).toEqual({ send: 0, waitMs: 250, limitedUntil: null });
    expect(pacingStep({ ...base, inFlight: 35 }).send).toBe(5);
    expect(pacingStep({ ...base, inFlight: 0 }).send).toBe(10);
  });

  it('sends the rest at once when it fits', () => {
    expect(pacingStep({ now: 0, perSecond: 1000, limit: UNLIMITED, recentSends: [], conversationsOpened: [], pending: 7 })).toEqual({ send: 7, waitMs: 0, limitedUntil: null });
    expect(pacingStep({ now: 0, perSecond: 10, limit: UNLIMITED, recentSends: [], conversationsOpened: [], pending: 0 }).send).toBe(0);
  });
});
