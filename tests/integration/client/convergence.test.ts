import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convergenceSeeds, runConvergenceSeeds, startConvergenceRig, type ConvergenceRig } from './support/convergence-run';

/**
 * Convergence under faults against the real server (issue 3 §4), first half of the seeds (the
 * other half runs in convergence-2.test.ts, so the two use both cores): every client ends equal to
 * the server's view for its user, every accepted send is stored once and handed to the channel
 * once, every other one is shown as refused. See support/convergence-run.ts for the knobs.
 */
const FILE = 'tests/integration/client/convergence.test.ts';
const seeds = convergenceSeeds(0);
let rig: ConvergenceRig;

beforeAll(async () => {
  rig = await startConvergenceRig();
});
afterAll(async () => {
  await rig?.close();
});

describe('convergence of clients and server under faults (first half)', () => {
  it(`converges for ${seeds.length} seeded schedules`, async () => {
    expect(await runConvergenceSeeds(rig, seeds, FILE)).toBe(seeds.length);
  }, 60_000 + seeds.length * 5_000);
});
