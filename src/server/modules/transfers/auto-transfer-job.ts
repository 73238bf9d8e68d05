import type { Database } from '../../db/database';
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
export class AutoTransferJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  constructor(private readonly options: AutoTransferJobOptions) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.run().catch((error: unknown) => this.options.onError?.(error)), this.options.intervalMs);
    this.timer.unref();
  }

  /** One pass over every tenant with work; answers how many removals and transfers it handled. A pass in progress is joined, not doubled. */
  run(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<number> {
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
