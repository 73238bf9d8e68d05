/**
 * Counts attempts per key (an address, an account) and refuses once `limit` were counted within
 * `windowMs`, for `blockMs` from the attempt that reached the limit.
 *
 * In-process on purpose: each server replica counts on its own, so N replicas behind a balancer
 * allow up to N × `limit` (a balancer with address affinity keeps one address on one replica).
 * The account lock that matters most, LOGIN_MAX_ATTEMPTS for an existing user, lives in the
 * database (`users.attempts`, `blocked_at`) and is therefore shared by every replica.
 */
export class AttemptLimiter {
  private readonly entries = new Map<string, { count: number; windowEnds: number; blockedUntil: number }>();

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    private readonly blockMs: number = windowMs,
    /** Bounds memory under a flood of distinct keys: the oldest keys are forgotten first. */
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may try again; 0 when it may now. */
  retryAfterMs(key: string): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const now = this.now();
    if (entry.blockedUntil > now) return entry.blockedUntil - now;
    if (entry.windowEnds <= now) this.entries.delete(key);
    return 0;
  }

  /** Counts one attempt; returns the wait it caused (0 while under the limit). */
  count(key: string): number {
    const now = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.windowEnds <= now) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value!);
      entry = { count: 0, windowEnds: now + this.windowMs, blockedUntil: 0 };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    if (entry.count >= this.limit) entry.blockedUntil = now + this.blockMs;
    return Math.max(0, entry.blockedUntil - now);
  }

  /** A success forgets the key's earlier failures. */
  clear(key: string): void {
    this.entries.delete(key);
  }
}
