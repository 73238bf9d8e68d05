import { Worker } from 'node:worker_threads';

export interface QueryResult {
  rows: unknown[];
  affectedRows: number;
}

/** What the worker is started with: the data folder (unset: in memory) and a dump to load into it. */
export interface EngineOpen {
  dataDir: string | undefined;
  snapshot: ArrayBuffer | undefined;
  /** Whether relation file sizes are remembered (pglite-worker.ts); off only for the benchmark's baseline. */
  rememberFileSizes: boolean;
}

type Operation =
  | { op: 'query'; sql: string; parameters: unknown[]; keepPrepared: boolean; forget: boolean }
  | { op: 'exec'; sql: string; forget: boolean }
  | { op: 'dump' }
  | { op: 'close' };

export type EngineRequest = { id: number } & Operation;

export interface EngineFailure {
  message: string;
  /** The database error's own fields: code, constraint, detail, … */
  fields: Record<string, string | number | boolean>;
}

export type EngineValue = QueryResult | QueryResult[] | ArrayBuffer | null;

/** id 0 answers the start: null once the database is open. */
export type EngineReply = { id: number; value: EngineValue; error?: undefined } | { id: number; value?: undefined; error: EngineFailure };

type Pending = { resolve: (value: EngineValue) => void; reject: (error: Error) => void };

const rebuild = (failure: EngineFailure): Error => Object.assign(new Error(failure.message), failure.fields);

/**
 * Values cross to the worker by structured clone, which keeps strings, numbers, dates, bytes, arrays
 * and plain objects (JSON) but drops a class's prototype: anything else goes as its text, as PGlite
 * would have serialized it.
 */
function cloneable(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof Uint8Array || Array.isArray(value)) return value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null ? value : String(value);
}

/**
 * The embedded PostgreSQL (PGlite) in a worker thread (pglite-worker.ts), as one session: the
 * main thread only sends statements and receives rows, so queries never block HTTP answers or
 * subscriptions. Requests are answered in the order they were sent. The worker keeps the process
 * alive only while a request is waiting for it, as an in-thread engine would.
 */
export class PgliteEngine {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failed: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: EngineReply) => this.settle(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`the database thread exited (code ${code})`)));
  }

  /** Opens the database in `dataDir` (in memory when unset), first loading `snapshot` (a dumpDataDir tarball) into it. */
  static async open(dataDir: string | undefined, snapshot?: Blob, options: { rememberFileSizes?: boolean } = {}): Promise<PgliteEngine> {
    const data: EngineOpen = { dataDir, snapshot: snapshot ? await snapshot.arrayBuffer() : undefined, rememberFileSizes: options.rememberFileSizes ?? true };
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: data,
      transferList: data.snapshot ? [data.snapshot] : [],
      // The worker imports only PGlite and its own erasable TypeScript: where Node strips types itself, the thread
      // starts without the parent's loaders (tsx's hooks cost about 0.4 s per start, paid by every test file).
      execArgv: process.features.typescript ? [] : undefined,
    });
    const engine = new PgliteEngine(worker);
    await new Promise<EngineValue>((resolve, reject) => engine.pending.set(0, { resolve, reject }));
    return engine;
  }

  query(sql: string, parameters: readonly unknown[], keepPrepared: boolean, forget: boolean): Promise<QueryResult> {
    return this.request({ op: 'query', sql, parameters: parameters.map(cloneable), keepPrepared, forget }) as Promise<QueryResult>;
  }

  /** Runs a text of several statements through the simple protocol; the result of each. */
  exec(sql: string, forget = false): Promise<QueryResult[]> {
    return this.request({ op: 'exec', sql, forget }) as Promise<QueryResult[]>;
  }

  /** The data folder as an uncompressed tarball, which `open` loads (test templates). */
  async dump(): Promise<Blob> {
    return new Blob([(await this.request({ op: 'dump' })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (this.failed) return;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    await this.request({ op: 'close' });
    this.worker.ref();
    await exited;
  }

  private request(request: Operation): Promise<EngineValue> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as EngineRequest);
    });
  }

  private settle(reply: EngineReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) pending.reject(rebuild(reply.error));
    else pending.resolve(reply.value);
  }

  private fail(error: Error): void {
    this.failed ??= error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}
