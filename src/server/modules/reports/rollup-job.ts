import type { Database } from '../../db/database';
import type { Logger } from '../../logger';
import { refreshRollupsOnce, tenantsWithDirtyTickets } from './rollup-refresh';

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
export class ReportRollupJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  constructor(private readonly options: RollupJobOptions) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.run().catch((error: unknown) => this.options.onError?.(error)), this.options.intervalMs);
    this.timer.unref();
  }

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
    let done = 0;
    for (const tenantId of await tenantsWithDirtyTickets(this.options.database)) {
      try {
        let step: number;
        do {
          step = await refreshRollupsOnce(this.options.database, tenantId);
          done += step;
        } while (step > 0 && !this.stopped);
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
