import type { ColumnType } from 'kysely';
import type { DefaultTimestamp, Defaulted, Id, NullableTimestamp } from './columns';
import type { CustomerTables } from './customers';
import type { MessageTables } from './messages';
import type { TicketTables } from './tickets';

/**
 * A transaction id (xid8) stamped by a trigger on every write (migration 0002): read as text,
 * never written by the app.
 */
export type ChangeXid = ColumnType<string, never, never>;

export type OutboundKind = 'message' | 'reaction';
export type OutboundStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** The transactional outbox: one entry per send, handed to the connection's channel once. */
export interface OutboundMessagesTable {
  tenant_id: number;
  id: Id;
  instance_id: number;
  kind: OutboundKind;
  customer_chat_id: number | null;
  reaction_id: number | null;
  /** Set by a trigger (migration 0115): sends of one customer on one connection leave in order. */
  customer_id: ColumnType<number | null, never, never>;
  status: Defaulted<OutboundStatus>;
  attempts: Defaulted<number>;
  available_at: DefaultTimestamp;
  last_error: string | null;
  created_at: DefaultTimestamp;
  sent_at: NullableTimestamp;
}

/** The tables of tickets, customers, messages and the sync engine (migration 0002). */
export interface SyncTables extends CustomerTables, TicketTables, MessageTables {
  outbound_messages: OutboundMessagesTable;
}
