/**
 * A token bucket that makes callers wait their turn instead of dropping them: `take()` resolves
 * in call order, never faster than `ratePerSecond` on average, with bursts of at most `burst`.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private ratePerSecond: number,
    private readonly burst: number = Math.max(1, Math.ceil(ratePerSecond)),
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  setRate(ratePerSecond: number): void {
    this.refill();
    this.ratePerSecond = ratePerSecond;
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.ratePerSecond);
    this.last = now;
  }

  /** Waits for one token. Callers are served strictly in order, so none starves. */
  take(): Promise<void> {
    const turn = this.tail.then(() => this.acquire());
    this.tail = turn;
    return turn;
  }

  private async acquire(): Promise<void> {
    for (;;) {
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      const waitMs = ((1 - this.tokens) / this.ratePerSecond) * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(waitMs))));
    }
  }
}

/**
 * One bucket per connection, created on first use. No burst by default: evenly spaced sends stay
 * under a provider limit however it counts its second, where a full bucket could send twice the
 * rate across a second boundary.
 */
export class Pacer {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(private readonly burst = 1) {}

  take(key: string, ratePerSecond: number): Promise<void> {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(ratePerSecond, this.burst);
      this.buckets.set(key, bucket);
    } else bucket.setRate(ratePerSecond);
    return bucket.take();
  }
}
