import type { Database } from '../../db/database';
import { PeriodicPass } from '../../jobs/periodic-pass';
import { TurnPacer } from '../../jobs/turn-pacer';
import type { Logger } from '../../logger';
import { JOB_BATCH, refreshRollups, tenantsWithDirtyTickets } from './rollup-refresh';

/** A spell this long without a request lets the job take its next turn. */
const QUIET_MS = 5;
const MAX_YIELD_MS = 1_000;

export interface RollupJobOptions {
  database: Database;
  intervalMs: number;
  onError?: (error: unknown) => void;
}

/**
 * Keeps the report rollups current in the background: every interval, each tenant's changed
 * tickets are recomputed. Replicas share the work through the per-tenant advisory lock; a report
 * read also refreshes first, so nothing it shows is older than its request.
 */
export class ReportRollupJob extends PeriodicPass {
  constructor(private readonly options: RollupJobOptions) {
    super(options);
  }

  /**
   * On PGlite's one session an inbound write that comes during a rollup transaction waits for it, and so does the
   * read that hands the write to the subscribers: taking turns only in quiet spells keeps a message from queuing
   * behind more than one (fan-out bench: without the job the p99 was half). Under constant traffic the job still
   * takes a turn every MAX_YIELD_MS.
   */
  private async yieldToRequests(): Promise<void> {
    const { quiet } = this.options.database;
    if (quiet) return quiet(QUIET_MS, MAX_YIELD_MS);
    // PostgreSQL runs the job's transactions beside the requests, on a core of their own only on a
    // machine with one to spare: the pacer keeps the job to about half a core. Back to back, a pass
    // over a busy store's tickets took both cores of a 2-core machine for a second every interval,
    // and the inbound answers of that second waited (p99 at 1,000 msg/s 190-470 ms; paced 45-160).
    await this.pacer.beforeTurn();
  }

  private readonly pacer = new TurnPacer(MAX_YIELD_MS);

  protected async pass(): Promise<number> {
    let done = 0;
    this.pacer.reset();
    // Only the changes committed before the pass began: under steady traffic new ones keep coming,
    // and chasing them turned the pass into a recomputation per inbound batch (fan-out bench, issue 18).
    for (const { tenantId, upTo } of await tenantsWithDirtyTickets(this.options.database)) {
      try {
        done += await refreshRollups(this.options.database, tenantId, {
          wait: false,
          upTo,
          batch: JOB_BATCH,
          maxPasses: Infinity,
          stopped: () => this.stopped,
          beforeEach: () => this.yieldToRequests(),
        });
      } catch (error) {
        this.options.onError?.(error);
      }
    }
    return done;
  }
}

/** The server's job, unless REPORT_ROLLUP_INTERVAL_MS is 0. */
export function startReportRollups(database: Database, config: { reportRollupIntervalMs: number }, logger: Logger): ReportRollupJob | null {
  if (config.reportRollupIntervalMs === 0) return null;
  const job = new ReportRollupJob({ database, intervalMs: config.reportRollupIntervalMs, onError: (err) => logger.error({ err }, 'report rollups') });
  job.start();
  return job;
}
