/**
 * Paces a background job's turns beside the requests: before each turn it rests as long as the
 * previous turn took (at most `maxRestMs`), so the job keeps to about half of one core however
 * long its backlog. `reset` starts a new run of turns, whose first one goes at once.
 */
export class TurnPacer {
  private turnStarted: number | null = null;

  constructor(
    private readonly maxRestMs: number,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<unknown> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  reset(): void {
    this.turnStarted = null;
  }

  async beforeTurn(): Promise<void> {
    if (this.turnStarted !== null) await this.sleep(Math.min(this.now() - this.turnStarted, this.maxRestMs));
    this.turnStarted = this.now();
  }
}
