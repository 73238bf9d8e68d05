import type { Database } from '../../db/database';
import { PeriodicPass } from '../../jobs/periodic-pass';
import type { PubSub } from '../../pubsub';
import { handleOneRemoval, tenantsWithAutoTransfers, transferOneUnanswered } from './auto-transfer';

export interface AutoTransferJobOptions {
  database: Database;
  pubsub: PubSub;
  intervalMs: number;
  onError?: (error: unknown) => void;
}

/**
 * The server's periodic look for the transfers the system makes (SPEC §4): tickets of removed
 * attendants, then tickets left unanswered. Every replica runs one; each transfer claims its rows
 * with FOR UPDATE SKIP LOCKED, so replicas share the work without moving a ticket twice.
 */
export class AutoTransferJob extends PeriodicPass {
  constructor(private readonly options: AutoTransferJobOptions) {
    super(options);
  }

  protected async pass(): Promise<number> {
    const deps = { database: this.options.database, pubsub: this.options.pubsub };
    let handled = 0;
    for (const tenantId of await tenantsWithAutoTransfers(this.options.database)) {
      // One tenant's failure must not hold the others back; it is retried on the next pass.
      try {
        while (!this.stopped && (await handleOneRemoval(deps, tenantId))) handled++;
        while (!this.stopped && (await transferOneUnanswered(deps, tenantId))) handled++;
      } catch (error) {
        this.options.onError?.(error);
      }
    }
    return handled;
  }
}
