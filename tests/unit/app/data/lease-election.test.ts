import { afterEach, describe, expect, it } from 'vitest';
import { createLeaseElection, type LeaderElection } from '../../../../src/app/data/leader/lease-election';

const timing = { heartbeatMs: 40, leaseMs: 200, startupMs: 40 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `holds` is true; a loaded CI machine runs timers late, so fixed sleeps would flake. */
async function until(what: string, holds: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}
const open: LeaderElection[] = [];

/** A tab whose timers and incoming messages can be frozen, as Chrome freezes background tabs. */
function tab(channelName: string, tabTiming = timing) {
  let frozen = false;
  const held: MessageEvent[] = [];
  let deliver: ((event: MessageEvent) => void) | null = null;
  const election = createLeaseElection({
    channelName,
    timing: tabTiming,
    every: (fn, ms) => {
      const timer = setInterval(() => !frozen && fn(), ms);
      return () => clearInterval(timer);
    },
    createChannel: (name) => {
      const real = new BroadcastChannel(name);
      const wrapper = {
        postMessage: (m: unknown) => real.postMessage(m),
        close: () => real.close(),
        set onmessage(fn: ((event: MessageEvent) => void) | null) {
          deliver = fn;
          real.onmessage = (event) => (frozen ? held.push(event) : deliver?.(event));
        },
        get onmessage() {
          return deliver;
        },
      };
      return wrapper;
    },
  });
  open.push(election);
  return {
    election,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const event of held.splice(0)) deliver?.(event);
    },
  };
}

const leaders = <T extends { election: LeaderElection }>(tabs: T[]): T[] => tabs.filter((t) => t.election.isLeader());

afterEach(() => {
  for (const e of open.splice(0)) e.close();
});

describe('lease leader election between tabs', () => {
  it('elects exactly one leader among several tabs', async () => {
    const name = `t-${Math.random()}`;
    const tabs = [tab(name), tab(name), tab(name)];
    await until('a leader', () => leaders(tabs).length > 0);
    expect(leaders(tabs)).toHaveLength(1);
    await sleep(300);
    expect(leaders(tabs)).toHaveLength(1);
  });

  it('a lone tab leads almost at once (first replication is not delayed by the lease)', async () => {
    // With a one-minute lease, leading within seconds proves the lone tab did not wait for a lease to lapse.
    const single = tab(`t-${Math.random()}`, { ...timing, leaseMs: 60_000 });
    await until('the lone tab to lead', () => single.election.isLeader());
  });

  it('replaces a closed leader within the lease', async () => {
    const name = `t-${Math.random()}`;
    const tabs = [tab(name), tab(name)];
    await until('a leader', () => leaders(tabs).length === 1);
    const [leader] = leaders(tabs);
    leader!.election.close();
    const rest = tabs.filter((t) => t !== leader);
    await until('a new leader', () => leaders(rest).length === 1, timing.leaseMs * 10);
  });

  it('replaces a frozen leader, which steps down when it thaws', async () => {
    const name = `t-${Math.random()}`;
    const tabs = [tab(name), tab(name)];
    await until('a leader', () => leaders(tabs).length === 1);
    const [leader] = leaders(tabs);
    const other = tabs.find((t) => t !== leader)!;
    leader!.freeze();
    await until('the other tab to take over', () => other.election.isLeader());
    leader!.thaw();
    await until('the thawed tab to step down', () => !leader!.election.isLeader());
    expect(leaders(tabs)).toEqual([other]);
  });

  it('hands over at once when the leader abdicates', async () => {
    const name = `t-${Math.random()}`;
    // A one-minute lease: a hand-over within seconds can only come from the abdication.
    const slow = { ...timing, leaseMs: 60_000 };
    const tabs = [tab(name, slow), tab(name, slow)];
    await until('a leader', () => leaders(tabs).length === 1);
    const [leader] = leaders(tabs);
    leader!.election.abdicate();
    await until('the other tab to lead', () => leaders(tabs).length === 1 && leaders(tabs)[0] !== leader);
    expect(leaders(tabs)).toEqual(tabs.filter((t) => t !== leader));
  });
});
