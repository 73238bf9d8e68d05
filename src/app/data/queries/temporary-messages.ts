import type { PedbotDatabase } from '../schema';
import { TEMP_ID_END, TEMP_ID_PREFIX } from '../schema/customer-chat';

/**
 * The temporary (not yet confirmed) messages, oldest id first: their ids share the "tmp:" prefix,
 * a range of the schema's (_deleted, id) index, so finding them reads them alone, not every message.
 */
export const temporaryMessagesQuery = (db: PedbotDatabase) =>
  db.customerchats.find({ selector: { id: { $gte: TEMP_ID_PREFIX, $lt: TEMP_ID_END } }, sort: [{ id: 'asc' }] });
