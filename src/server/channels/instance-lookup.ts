import type { Database } from '../db/database';
import { findTenantBySlug } from '../modules/tenants/tenant-store';
import type { ChannelInstance, ChannelKind } from './channel';
import { loadChannelInstance } from './instance-store';

/**
 * Webhooks and the sandbox API name a connection by tenant slug and id on every request; under
 * load that lookup would cost two queries per message. Entries live briefly (another server
 * process may change a connection) and are dropped at once when this process changes one.
 */
const MAX_ENTRIES = 1000;

export class InstanceLookup {
  private readonly cache = new Map<string, { value: ChannelInstance | null; expires: number }>();

  constructor(
    private readonly database: Database,
    private readonly ttlMs = 1000,
  ) {}

  /** The connection of that channel kind, or null (unknown tenant, unknown id, other channel). */
  async find(tenantSlug: string, instanceId: string, kind: ChannelKind): Promise<ChannelInstance | null> {
    const key = `${tenantSlug}/${instanceId}`;
    const now = Date.now();
    let entry = this.cache.get(key);
    if (!entry || entry.expires < now) {
      const id = /^\d{1,15}$/.test(instanceId) ? Number(instanceId) : 0;
      const tenant = id > 0 ? await findTenantBySlug(this.database.db, tenantSlug) : null;
      const value = tenant ? await loadChannelInstance(this.database, tenant.id, id) : null;
      entry = { value, expires: now + this.ttlMs };
      // Public routes take any slug and id: never let made-up ones grow the cache without end.
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      this.cache.set(key, entry);
    }
    return entry.value?.channel === kind ? entry.value : null;
  }

  forget(tenantId: number, instanceId: number): void {
    for (const [key, entry] of this.cache) {
      if (entry.value && entry.value.tenantId === tenantId && entry.value.id === instanceId) this.cache.delete(key);
    }
  }
}
