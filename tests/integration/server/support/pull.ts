import type { FixtureTenant, Person, SyncFixture } from './sync-fixture';
import { pullQuery, type Checkpoint, type CollectionKey, type PullBulk } from './operations';

/**
 * One pull, failing the test on a GraphQL error. It first waits until earlier commits are
 * readable (`settle: false` to pull while a transaction is deliberately held open).
 */
export async function pullOnce(
  fixture: SyncFixture,
  tenant: FixtureTenant,
  person: Person,
  key: CollectionKey,
  checkpoint: Checkpoint | null,
  limit = 100,
  options: { settle?: boolean } = {},
): Promise<PullBulk> {
  if (options.settle !== false) await fixture.settle();
  const instanceId = tenant.instanceId;
  const result = await fixture.gql<Record<string, PullBulk>>(tenant, person, pullQuery(key), { checkpoint, limit, instance_id: String(instanceId) });
  const bulk = result.data?.[`pull${key}`];
  if (!bulk) throw new Error(`pull${key} failed: ${JSON.stringify(result.errors)}`);
  return bulk;
}

/** Pulls until a page comes back short, as RxDB does, and keeps the latest state of each document. */
export async function pullAll(
  fixture: SyncFixture,
  tenant: FixtureTenant,
  person: Person,
  key: CollectionKey,
  from: Checkpoint | null = null,
  limit = 100,
): Promise<{ docs: Map<string, PullBulk['documents'][number]>; checkpoint: Checkpoint | null; pages: PullBulk[] }> {
  const docs = new Map<string, PullBulk['documents'][number]>();
  const pages: PullBulk[] = [];
  let checkpoint = from;
  for (;;) {
    const bulk = await pullOnce(fixture, tenant, person, key, checkpoint, limit);
    pages.push(bulk);
    if (bulk.documents.length === 0) break;
    for (const doc of bulk.documents) docs.set(doc.id, doc);
    checkpoint = bulk.checkpoint;
    if (bulk.documents.length < limit) break;
  }
  return { docs, checkpoint, pages };
}

/** The ids a viewer holds after applying tombstones. */
export const liveIds = (docs: Map<string, { _deleted: boolean }>): string[] =>
  [...docs.entries()].filter(([, doc]) => !doc._deleted).map(([id]) => id).sort();
