/**
 * A pass over every tenant's work, repeated at an interval by each server process: for sweeps
 * whose rows are claimed with locks (replicas share them) and which need no job per row. A pass
 * in progress is joined, not doubled; stop() waits for it.
 */
export abstract class PeriodicPass {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  protected stopped = false;

  constructor(private readonly schedule: { intervalMs: number; onError?: (error: unknown) => void }) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.run().catch((error: unknown) => this.schedule.onError?.(error)), this.schedule.intervalMs);
    this.timer.unref();
  }

  /** One pass; answers how many items it handled. */
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

  protected abstract pass(): Promise<number>;
}
