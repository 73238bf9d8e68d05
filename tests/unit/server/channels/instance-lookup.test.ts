import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstanceLookup, type ConnectionRead } from '../../../../src/server/channels/instance-lookup';

const reads = { count: 0, activated: true, gate: null as Promise<void> | null };

/** The database's answer for tenant 'demo' only, counted, held while `gate` is pending. */
const readConnection: ConnectionRead = async (tenantSlug, id) => {
  if (tenantSlug !== 'demo') return null;
  reads.count++;
  const activated = reads.activated;
  await reads.gate;
  return { tenantId: 1, id, channel: 'sandbox', activated, phoneNumber: null, officialPhoneId: null, officialToken: null, wabaId: null };
};

describe('connection lookup of webhooks and the sandbox API', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    Object.assign(reads, { count: 0, activated: true, gate: null });
  });
  afterEach(() => vi.useRealTimers());

  it('reads a connection once for concurrent requests, and answers other channels and unknown tenants with null', async () => {
    const lookup = new InstanceLookup(readConnection, 1000);
    const found = await Promise.all([lookup.find('demo', '7', 'sandbox'), lookup.find('demo', '7', 'sandbox'), lookup.find('demo', '7', 'cloud-api')]);
    expect(found.map((f) => f?.id ?? null)).toEqual([7, 7, null]);
    expect(reads.count).toBe(1);
    expect(await lookup.find('other', '7', 'sandbox')).toBeNull();
    expect(await lookup.find('demo', 'x', 'sandbox')).toBeNull();
  });

  it('reads again before the entry expires while the current one still answers, and never answers past its lifetime', async () => {
    const lookup = new InstanceLookup(readConnection, 1000);
    expect((await lookup.find('demo', '7', 'sandbox'))?.activated).toBe(true);
    reads.activated = false;
    let open = () => {};
    reads.gate = new Promise<void>((resolve) => (open = resolve));
    vi.advanceTimersByTime(600);
    // Half its life gone: answered at once from the entry, a read starts behind it.
    expect((await lookup.find('demo', '7', 'sandbox'))?.activated).toBe(true);
    expect(reads.count).toBe(2);
    expect((await lookup.find('demo', '7', 'sandbox'))?.activated).toBe(true);
    expect(reads.count).toBe(2);
    open();
    await vi.waitFor(async () => expect((await lookup.find('demo', '7', 'sandbox'))?.activated).toBe(false));
    // Expired with nobody asking meanwhile: the next request waits for a fresh read.
    reads.activated = true;
    reads.gate = null;
    vi.advanceTimersByTime(1000);
    expect((await lookup.find('demo', '7', 'sandbox'))?.activated).toBe(true);
  });

  it('forgets a connection this process changed, even while a read of it runs', async () => {
    const lookup = new InstanceLookup(readConnection, 1000);
    await lookup.find('demo', '7', 'sandbox');
    reads.activated = false;
    lookup.forget(1, 7);
    expect((await lookup.find('demo', '7', 'sandbox'))?.activated).toBe(false);
    let open = () => {};
    reads.gate = new Promise<void>((resolve) => (open = resolve));
    vi.advanceTimersByTime(600);
    await lookup.find('demo', '7', 'sandbox');
    // A read started before the change must not bring the old state back.
    lookup.forget(1, 7);
    reads.activated = true;
    reads.gate = null;
    open();
    expect((await lookup.find('demo', '7', 'sandbox'))?.activated).toBe(true);
    expect(reads.count).toBe(4);
  });
});
