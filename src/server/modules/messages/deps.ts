import type { Database } from '../../db/database';
import type { PubSub } from '../../pubsub';

/** What the message services need: the database, the bus, and a nudge for the outbound dispatcher. */
export interface MessagingDeps {
  database: Database;
  pubsub: PubSub;
  /** Called after a send was queued, so the dispatcher hands it over now rather than at its next poll. */
  onQueued?: () => void;
}
