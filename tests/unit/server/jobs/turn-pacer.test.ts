import { describe, expect, it } from 'vitest';
import { TurnPacer } from '../../../../src/server/jobs/turn-pacer';

describe('a background job\'s turns paced beside the requests', () => {
  it('rests before each turn as long as the previous one took, at most maxRestMs, and not before the first of a run', async () => {
    let now = 0;
    const rests: number[] = [];
    const pacer = new TurnPacer(1_000, () => now, async (ms) => {
      rests.push(ms);
      now += ms;
    });
    await pacer.beforeTurn();
    now += 40; // the first turn takes 40 ms
    await pacer.beforeTurn();
    now += 5_000; // a long one
    await pacer.beforeTurn();
    expect(rests).toEqual([40, 1_000]);
    pacer.reset();
    now += 60_000;
    await pacer.beforeTurn();
    expect(rests).toEqual([40, 1_000]);
  });
});
