import type { Database } from '../db/database';
import { findTenantBySlug } from '../modules/tenants/tenant-store';
import type { ChannelInstance, ChannelKind } from './channel';
import { loadChannelInstance } from './instance-store';

/**
 * Webhooks and the sandbox API name a connection by tenant slug and id on every request; under
 * load that lookup would cost two queries per message. Entries live briefly (another server
 * process may change a connection) and are dropped at once when this process changes one.
 *
 * Under load an entry is read again before it expires, while the current one still answers: on
 * expiry every request in flight would otherwise wait for the same two queries, queued behind
 * the inbound batches on the database (on PGlite, its one connection), which showed as the
 * inbound answers' slowest percent. Concurrent misses share one read.
 */
const MAX_ENTRIES = 1000;

/** Reads a connection by tenant slug and id: the database in production, a fake in tests. */
export type ConnectionRead = (tenantSlug: string, instanceId: number) => Promise<ChannelInstance | null>;

export const connectionReadFrom =
  (database: Database): ConnectionRead =>
  async (tenantSlug, instanceId) => {
    const tenant = await findTenantBySlug(database.db, tenantSlug);
    return tenant ? loadChannelInstance(database, tenant.id, instanceId) : null;
  };

interface Entry {
  /** Settles with the connection or null; a failed read is not kept. */
  read: Promise<ChannelInstance | null>;
  /** Set once `read` settled, so forget() can tell whose entry it is. */
  value?: ChannelInstance | null;
  /** When the read started: what it returns is at least as new as this. */
  since: number;
  refreshing: boolean;
}

export class InstanceLookup {
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly readConnection: ConnectionRead,
    private readonly ttlMs = 1000,
  ) {}

  /** The connection of that channel kind, or null (unknown tenant, unknown id, other channel). */
  async find(tenantSlug: string, instanceId: string, kind: ChannelKind): Promise<ChannelInstance | null> {
    const key = `${tenantSlug}/${instanceId}`;
    const now = Date.now();
    let entry = this.cache.get(key);
    if (!entry || now - entry.since >= this.ttlMs) entry = this.load(key, tenantSlug, instanceId, now);
    else if (now - entry.since >= this.ttlMs / 2 && !entry.refreshing) {
      entry.refreshing = true;
      this.load(key, tenantSlug, instanceId, now, entry);
    }
    const value = await entry.read;
    return value?.channel === kind ? value : null;
  }

  forget(tenantId: number, instanceId: number): void {
    for (const [key, entry] of this.cache) {
      // A read still running may have seen the connection before the change.
      if (entry.value === undefined || (entry.value && entry.value.tenantId === tenantId && entry.value.id === instanceId)) this.cache.delete(key);
    }
  }

  /** Starts a read; it replaces `current` (a refresh ahead of expiry) only once it has settled. */
  private load(key: string, tenantSlug: string, instanceId: string, now: number, current?: Entry): Entry {
    const entry: Entry = { read: this.read(tenantSlug, instanceId), since: now, refreshing: false };
    void entry.read.then(
      (value) => {
        entry.value = value;
        // Dropped meanwhile (forget) or replaced by a newer read: this one is not wanted any more.
        if (current && this.cache.get(key) === current) this.cache.set(key, entry);
      },
      () => {
        if (this.cache.get(key) === entry) this.cache.delete(key);
        if (current) current.refreshing = false;
      },
    );
    if (!current) {
      // Public routes take any slug and id: never let made-up ones grow the cache without end.
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(key, entry);
    }
    return entry;
  }

  private async read(tenantSlug: string, instanceId: string): Promise<ChannelInstance | null> {
    const id = /^\d{1,15}$/.test(instanceId) ? Number(instanceId) : 0;
    return id > 0 ? this.readConnection(tenantSlug, id) : null;
  }
}
