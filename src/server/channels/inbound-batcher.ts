import type { Logger } from '../logger';

/** One waiting item and the caller waiting for its result. */
interface Waiting<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface BatcherOptions<I, R> {
  /** Writes a batch (one transaction); results in item order. */
  writeBatch: (key: string, items: I[]) => Promise<R[]>;
  /** Writes one item on its own: used when a batch fails, so one bad item fails alone. */
  writeOne: (key: string, item: I) => Promise<R>;
  maxBatch?: number;
  /**
   * Under load, a key starts a write at most this often: what arrives meanwhile waits and goes
   * in one batch. A key that wrote longer ago than this writes at once.
   */
  minIntervalMs?: number;
  /**
   * A paced key whose queue reaches this many items writes at once: the batch's fixed part is
   * already spread thin, and waiting out the interval would only add answer time.
   */
  fullBatch?: number;
  logger?: Logger;
}

/**
 * Group commit for inbound traffic: items for the same key (tenant and connection) that arrive
 * while a write is running are written together by the next one. An idle key writes at once, so
 * light traffic waits for nobody; under load one transaction carries many messages, which is what
 * makes a single-connection database (PGlite) and fsync-bound commits keep up. Each caller still
 * resolves only after its item is committed.
 *
 * A batch costs a fixed part (statements, commit, the stream hubs' read, one frame per subscriber)
 * besides its messages. Writing whatever arrived during a short write would keep batches small
 * while traffic is heavy but the database fast, paying that part for a handful of messages; so a
 * busy key starts writes at most every `minIntervalMs`. Once a write takes longer than that, no
 * one waits: batches grow with the load by themselves. Nor does anyone wait once `fullBatch` items
 * are queued: at high rates the interval would add answer time without making writes cheaper.
 */
export class Batcher<I, R> {
  private readonly queues = new Map<string, Array<Waiting<I, R>>>();
  private readonly running = new Set<string>();
  private readonly lastStart = new Map<string, number>();
  /** Ends the pacing wait of a key early. */
  private readonly wakeUps = new Map<string, () => void>();
  private readonly maxBatch: number;
  private readonly minIntervalMs: number;
  private readonly fullBatch: number;

  constructor(private readonly options: BatcherOptions<I, R>) {
    this.maxBatch = options.maxBatch ?? 500;
    this.minIntervalMs = options.minIntervalMs ?? 0;
    this.fullBatch = Math.min(options.fullBatch ?? this.maxBatch, this.maxBatch);
  }

  add(key: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.queues.get(key) ?? [];
      queue.push({ item, resolve, reject });
      this.queues.set(key, queue);
      if (!this.running.has(key)) void this.drain(key);
      else if (queue.length >= this.fullBatch) this.wakeUps.get(key)?.();
    });
  }

  private async drain(key: string): Promise<void> {
    this.running.add(key);
    try {
      for (;;) {
        // Let the requests already read from the network reach the queue first: an embedded
        // database answers in microtasks, which would otherwise starve I/O for a whole batch.
        await new Promise((resolve) => setImmediate(resolve));
        const queue = this.queues.get(key);
        if (!queue || queue.length === 0) break;
        const wait = (this.lastStart.get(key) ?? -Infinity) + this.minIntervalMs - performance.now();
        if (wait > 0 && queue.length < this.fullBatch) {
          await this.sleep(key, wait);
          continue;
        }
        this.lastStart.set(key, performance.now());
        const batch = queue.splice(0, this.maxBatch);
        await this.write(key, batch);
      }
    } finally {
      this.running.delete(key);
      this.queues.delete(key);
    }
  }

  private sleep(key: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeUps.delete(key);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakeUps.set(key, wake);
    });
  }

  private async write(key: string, batch: Array<Waiting<I, R>>): Promise<void> {
    try {
      const results = await this.options.writeBatch(key, batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      this.options.logger?.warn({ err: error, size: batch.length }, 'inbound batch failed; writing its items one by one');
      for (const w of batch) await this.options.writeOne(key, w.item).then(w.resolve, w.reject);
    }
  }
}
