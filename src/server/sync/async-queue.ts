/**
 * A push-based async iterator: the stream hub pushes, the GraphQL subscription pulls. `return()`
 * (the client unsubscribed or the socket closed) runs `onClose` once.
 */
export class AsyncQueue<T> implements AsyncIterableIterator<T> {
  private readonly buffer: T[] = [];
  private waiting: ((result: IteratorResult<T>) => void) | null = null;
  private closed = false;

  constructor(private readonly onClose: () => void = () => undefined) {}

  get size(): number {
    return this.buffer.length;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  push(value: T): void {
    if (this.closed) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve({ value, done: false });
    } else {
      this.buffer.push(value);
    }
  }

  /** Drops what is buffered and queues `value` instead (a slow reader gets one catch-up marker). */
  replaceBuffered(value: T): void {
    this.buffer.length = 0;
    this.push(value);
  }

  next(): Promise<IteratorResult<T>> {
    const value = this.buffer.shift();
    if (value !== undefined) return Promise.resolve({ value, done: false });
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.buffer.length = 0;
    this.waiting?.({ value: undefined, done: true });
    this.waiting = null;
    this.onClose();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
