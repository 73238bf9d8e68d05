import type { Database, Tx } from '../../db/database';
import type { PubSub } from '../../pubsub';

/** What the message services need: the database, the bus, and a nudge for the outbound dispatcher. */
export interface MessagingDeps {
  database: Database;
  pubsub: PubSub;
  /** Called after a send was queued, so the dispatcher hands it over now rather than at its next poll. */
  onQueued?: () => void;
  /**
   * Runs inside the transaction that stored new customer messages, so work they start (a chat
   * flow's next step) is queued exactly when the messages exist.
   */
  inboundStored?: (tx: Tx, tenantId: number, instanceId: number, stored: readonly StoredInbound[]) => Promise<void>;
}

/** A customer message just stored, as inboundStored's hooks read it (they need not read it back). */
export interface StoredInbound {
  messageId: number;
  ticketId: number | null;
  customerId: number;
  text: string | null;
}
