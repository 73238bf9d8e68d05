import { normalizeMangoQuery, prepareQuery, type RxDocumentData } from 'rxdb';
import { stringKeyBounds } from '../database/dexie-storage';
import type { ChatTicketDoc, PedbotDatabase } from '../schema';

/**
 * The tombstones among `ids` (tickets that left this user's view). Every page of the messages'
 * feed asks this of its tickets, which are nearly always live: reading them was about a hundred
 * IndexedDB reads a page (10,000 in an initial sync of 100,000 messages). On Dexie, one count of
 * its `[_deleted+id]` index (which its storage keeps for every collection, though not in our
 * schema's indexes) between the smallest and largest id tells first whether any is there.
 */
export async function ticketTombstones(db: PedbotDatabase, ids: readonly string[]): Promise<RxDocumentData<ChatTicketDoc>[]> {
  if (ids.length === 0) return [];
  const instance = db.chattickets.storageInstance;
  if (db.storage.name === 'dexie' && !(await anyTombstoneBetween(instance, ids))) return [];
  const stored = await instance.findDocumentsById([...ids], true);
  return stored.filter((ticket) => ticket._deleted);
}

async function anyTombstoneBetween(instance: PedbotDatabase['chattickets']['storageInstance'], ids: readonly string[]): Promise<boolean> {
  const { lower, upper } = stringKeyBounds(ids);
  const query = normalizeMangoQuery<ChatTicketDoc>(
    instance.schema,
    // `_deleted` is the storage's own field, which the collection's query type does not list.
    { selector: { _deleted: { $eq: true }, id: { $gte: lower, $lte: upper } } as never, index: ['_deleted', 'id'] },
  );
  const { count } = await instance.count(prepareQuery(instance.schema, query));
  return count > 0;
}
