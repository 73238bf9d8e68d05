import { sql } from 'kysely';
import type { Database, Tx } from '../db/database';
import { PREPARED } from '../db/prepared';
import type { PubSub } from '../pubsub';

/** The replicated collections (RxDB's lower-case names, DESIGN §4). */
export const COLLECTIONS = ['customerchats', 'chattickets', 'customers', 'settings', 'customerchatreactions'] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

/**
 * What a committed write tells the stream hubs of every server process: where to look, never the
 * rows themselves. instanceId null means every connection of the tenant (customers, tenant-wide
 * settings). position is the writing transaction (the rows' change_xid).
 */
export interface ChangeEvent {
  tenantId: number;
  collection: CollectionName;
  instanceId: number | null;
  position: number;
}

export const changeChannel = (tenantId: number): string => `changes:${tenantId}`;

/** The collections and connections one transaction wrote to. */
export class ChangeSet {
  private readonly touched = new Map<string, { collection: CollectionName; instanceId: number | null }>();
  /** The writing transaction, when a statement already returned it (a row's change_xid). */
  position: number | null = null;

  add(collection: CollectionName, instanceId: number | null): this {
    this.touched.set(`${collection}:${instanceId ?? '*'}`, { collection, instanceId });
    return this;
  }

  events(tenantId: number, position: number): ChangeEvent[] {
    return [...this.touched.values()].map((t) => ({ tenantId, position, ...t }));
  }
}

export async function publishChanges(pubsub: PubSub, events: readonly ChangeEvent[]): Promise<void> {
  await Promise.all(events.map((event) => pubsub.publish(changeChannel(event.tenantId), event)));
}

/**
 * Runs `fn` in one tenant transaction; once it committed, `announce` tells the stream hubs what it
 * wrote. A caller with someone waiting for the commit (an inbound webhook) answers first and
 * announces after, so the answer does not wait behind the hubs' reads and frames. A failed
 * publish only delays delivery: the stream hubs also poll (stream-hub.ts).
 */
export async function storeWithChanges<T>(
  database: Database,
  pubsub: PubSub,
  tenantId: number,
  fn: (tx: Tx, changes: ChangeSet) => Promise<T>,
): Promise<{ result: T; announce: () => Promise<void> }> {
  const changes = new ChangeSet();
  const { result, position } = await database.withTenant(tenantId, async (tx) => {
    const value = await fn(tx, changes);
    if (changes.position !== null) return { result: value, position: changes.position };
    const { rows } = await sql<{ xid: string | null }>`${PREPARED} select pg_current_xact_id_if_assigned()::text as xid`.execute(tx);
    return { result: value, position: rows[0]?.xid ? Number(rows[0].xid) : null };
  });
  const announce = async () => {
    if (position !== null) await publishChanges(pubsub, changes.events(tenantId, position)).catch(() => undefined);
  };
  return { result, announce };
}

/** Runs `fn` in one tenant transaction and, once it committed, announces what it wrote. */
export async function transactWithChanges<T>(
  database: Database,
  pubsub: PubSub,
  tenantId: number,
  fn: (tx: Tx, changes: ChangeSet) => Promise<T>,
): Promise<T> {
  const { result, announce } = await storeWithChanges(database, pubsub, tenantId, fn);
  await announce();
  return result;
}
