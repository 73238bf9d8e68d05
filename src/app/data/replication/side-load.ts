import type { ReplicatedName } from '../schema';
import type { PedbotDatabase } from '../schema';
import type { ServerDoc } from './documents';

/**
 * Documents fetched outside the change feed (the initial window, older history, the messages of
 * a ticket that just became visible) wait here and ride on the next pull answer of their
 * collection. Entering through the pull keeps them server states, in the pull's order: written
 * on their own they would race with the feed's newer states.
 */
export class SideloadQueue {
  private readonly queued = new Map<ReplicatedName, Map<string, ServerDoc>>();

  add(name: ReplicatedName, docs: readonly ServerDoc[]): void {
    let byId = this.queued.get(name);
    if (!byId) {
      byId = new Map();
      this.queued.set(name, byId);
    }
    for (const doc of docs) {
      const held = byId.get(doc.id);
      if (!held || (held.updatedAt ?? 0) <= (doc.updatedAt ?? 0)) byId.set(doc.id, doc);
    }
  }

  /**
   * Takes the queued documents of a collection, leaving out those the local database already
   * holds in the same or a newer state (the feed may have delivered a newer one meanwhile).
   */
  async take(db: PedbotDatabase, name: ReplicatedName): Promise<ServerDoc[]> {
    const byId = this.queued.get(name);
    if (!byId || byId.size === 0) return [];
    this.queued.delete(name);
    const docs = [...byId.values()];
    const stored = await db[name].findByIds(docs.map((d) => d.id)).exec();
    return docs.filter((doc) => {
      const local = stored.get(doc.id) as { updatedAt?: number } | undefined;
      return !local || (local.updatedAt ?? 0) < (doc.updatedAt ?? 0);
    });
  }

  /** Drops every queued document (they were fetched under a scope that no longer holds). */
  clear(): void {
    this.queued.clear();
  }

  size(): number {
    let total = 0;
    for (const byId of this.queued.values()) total += byId.size;
    return total;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once every document is stored locally in at least the given state, or after `timeoutMs`. */
export async function awaitStored(
  db: PedbotDatabase,
  name: ReplicatedName,
  docs: readonly ServerDoc[],
  timeoutMs = 10_000,
): Promise<boolean> {
  const wanted = docs.filter((d) => !d._deleted);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const stored = await db[name].findByIds(wanted.map((d) => d.id)).exec();
    const missing = wanted.some((doc) => {
      const local = stored.get(doc.id) as { updatedAt?: number } | undefined;
      return !local || (local.updatedAt ?? 0) < (doc.updatedAt ?? 0);
    });
    if (!missing) return true;
    await sleep(50);
  }
  return false;
}
