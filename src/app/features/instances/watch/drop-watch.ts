import { DropTracker } from '../model/drop-tracker';
import type { InstanceSummary } from '../model/instance';

/** SPEC §4 fallback: without a live stream, the connection list is read again every 15 s. */
export const DROP_POLL_INTERVAL_MS = 15_000;

export type StreamStatus = 'connecting' | 'connected' | 'closed';

export interface InstanceStream<T extends InstanceSummary = InstanceSummary> {
  /** Starts listening; `onError` means the server does not stream connection changes. */
  subscribe(onChange: (instance: T) => void, onError: (error: unknown) => void): () => void;
  /** Subscribers receive the current status at once and on every change. */
  status(listener: (status: StreamStatus) => void): () => void;
  /** Called after a reconnect: what changed while the socket was down must be read again. */
  reconnected(listener: () => void): () => void;
}

export interface DropWatchOptions<T extends InstanceSummary> {
  list: () => Promise<T[]>;
  stream: InstanceStream<T> | null;
  onDrop: (instance: T) => void;
  /**
   * Every connection change seen (stream or poll), for screens that show the state live. `readAt`
   * (performance.now()) is when the list read that brought it began; absent for the stream's.
   */
  onChange?: (instance: T, readAt?: number) => void;
  isOnline?: () => boolean;
  pollIntervalMs?: number;
  /** What the user has already seen up, from any screen's read; a watch of its own when omitted. */
  tracker?: DropTracker;
}

/**
 * Watches the user's connections and calls `onDrop` once per drop. The stream (graphql-ws
 * `instanceUpdated`) is the source; the list is read at start (to know what was up), after every
 * reconnect, and every 15 s while the stream is unavailable and the browser is online.
 */
export function startDropWatch<T extends InstanceSummary>(options: DropWatchOptions<T>): () => void {
  const tracker = options.tracker ?? new DropTracker();
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);
  let stopped = false;
  let streamFailed = options.stream === null;
  let streamStatus: StreamStatus = 'connecting';
  let reading = false;

  const seen = (instance: T) => {
    options.onChange?.(instance);
    if (tracker.observe(instance)) options.onDrop(instance);
  };

  const read = async () => {
    if (reading || stopped || !isOnline()) return;
    reading = true;
    try {
      const readAt = performance.now();
      const instances = await options.list();
      if (stopped) return;
      for (const instance of instances) options.onChange?.(instance, readAt);
      // A connection first seen here is never a drop (DropTracker), so the first read only learns.
      for (const instance of tracker.observeAll(instances)) options.onDrop(instance);
    } catch {
      // Offline or refused: the next tick tries again.
    } finally {
      reading = false;
    }
  };

  const cleanups: Array<() => void> = [];
  if (options.stream) {
    const stream = options.stream;
    cleanups.push(
      stream.subscribe(seen, () => {
        streamFailed = true;
      }),
      stream.status((status) => {
        streamStatus = status;
      }),
      stream.reconnected(() => void read()),
    );
  }
  void read();
  const timer = setInterval(() => {
    if (streamFailed || streamStatus !== 'connected') void read();
  }, options.pollIntervalMs ?? DROP_POLL_INTERVAL_MS);

  return () => {
    stopped = true;
    clearInterval(timer);
    for (const cleanup of cleanups) cleanup();
  };
}
