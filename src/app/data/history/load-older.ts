import type { CustomerChatDoc } from '../schema';
import type { SyncEngine } from '../replication/sync-engine';
import { isTempMessageId } from '../replication/documents';
import { fetchLatestMessages, fetchOlderMessages } from './fetch-history';

/**
 * Older history on demand (SPEC §7, §9): the 80 messages before the oldest one held locally for
 * this customer and connection (or the latest 80 when none is held), into the same collection.
 * Resolves with how many messages the server returned: 0 means the beginning was reached.
 */
export async function loadOlderMessagesWith(engine: SyncEngine, customerId: string, instanceId: string): Promise<number> {
  const oldest = await engine.db.customerchats
    .find({
      selector: { customer_id: customerId, instance_id: instanceId, sent_at: { $gt: '' } },
      sort: [{ sent_at: 'asc' }],
      limit: 5,
    })
    .exec()
    .then((docs) => docs.map((d) => d.toJSON() as CustomerChatDoc).find((d) => !isTempMessageId(d.id)));
  const docs = oldest
    ? await fetchOlderMessages(engine.transport, customerId, instanceId, oldest.id)
    : await fetchLatestMessages(engine.transport, customerId, instanceId);
  await engine.sideload('customerchats', docs);
  return docs.length;
}
