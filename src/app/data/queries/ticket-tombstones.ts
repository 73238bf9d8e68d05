import { normalizeMangoQuery, prepareQuery, type RxDocumentData } from 'rxdb';
import type { ChatTicketDoc, PedbotDatabase } from '../schema';

/**
 * Which of `ids` are stored as ticket tombstones: one read of the tombstones between the smallest
 * and the largest id (RxDB's `[_deleted+id]` index). Reading the tickets by id instead cost an
 * IndexedDB request per ticket, on every page of messages an initial sync stores.
 */
export async function ticketTombstonesAmong(db: PedbotDatabase, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // IndexedDB orders string keys by UTF-16 code units, as this sort does.
  const sorted = [...ids].sort();
  const selector = { _deleted: { $eq: true }, id: { $gte: sorted[0]!, $lte: sorted[sorted.length - 1]!, $in: sorted } };
  const schema = db.chattickets.schema.jsonSchema;
  const query = normalizeMangoQuery<RxDocumentData<ChatTicketDoc>>(schema, { selector: selector as never });
  const result = await db.chattickets.storageInstance.query(prepareQuery(schema, query));
  return new Set(result.documents.map((ticket) => ticket.id));
}
