import { fromServer, type ServerDoc } from '../../../../src/app/data/replication/documents';

/** A ticket of connection 1 in the inbox, as the server sends it; `over` sets any other field. */
export const serverTicket = (id: string, over: Record<string, unknown> = {}): ServerDoc => ({
  id,
  instance_id: '1',
  customer_id: `c${id}`,
  is_campaign: false,
  finished_ticket: false,
  inbox: true,
  unseenMsg: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  last_msg: '2025-01-01T10:00:00.000Z',
  updatedAt: 1,
  ...over,
});

/** A server document as the replication stores it (typed loosely: each test inserts into its own collection). */
export const localDoc = (name: 'chattickets' | 'customers', raw: ServerDoc): never => {
  const { _deleted: _, ...doc } = fromServer(name, raw);
  return doc as never;
};
