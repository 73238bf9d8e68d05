import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { PgliteEngine } from './pglite-engine';
import { isWrite, type WriteKind } from './table-maintenance';
import { isPrepared, isResultUnread } from './prepared';

const INT8_OID = 20;

/** Ids are bigint in SQL but always below 2^53, so both drivers hand them to JS as numbers (pglite-worker.ts parses them alike). */
export const numberParsers = { [INT8_OID]: (value: string) => Number(value) };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function commandOf(sql: string): string {
  const match = /^\s*(?:\/\*[\s\S]*?\*\/\s*)*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(sql);
  return (match?.[1] ?? '').toUpperCase();
}

/** Statements that never change the schema: anything else may change what a parameter's type is. */
const PLAIN_COMMANDS = new Set([
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'SAVEPOINT',
  'RELEASE',
  'SET',
  'RESET',
  'SHOW',
  'VALUES',
  'ANALYZE',
  'VACUUM',
]);

/**
 * Kysely's PostgresDialect over the one embedded session (pglite-engine.ts). PGlite is a single
 * connection, so the pool hands it out to one holder at a time: a transaction keeps it until
 * released, and everything else queues behind it in arrival order.
 *
 * Marked statements (prepared.ts) and parameterless ones are kept prepared by the session; a
 * statement that may change the schema makes it forget the parameter types it remembered.
 */
export class PglitePool implements PostgresPool {
  readonly options = {};
  private queue: Promise<void> = Promise.resolve();
  /** Told the rows each INSERT, UPDATE or DELETE wrote (table-maintenance.ts). */
  onWrite: ((kind: WriteKind, sql: string, rows: number) => void) | null = null;
  /** Holders of the session and those waiting for it. */
  private asking = 0;
  /** Every time the session was asked for, so far: tells a quiet spell from a busy one. */
  private asked = 0;
  private whenFree: Array<() => void> = [];

  constructor(
    readonly engine: PgliteEngine,
    /** Whether end() closes the engine: not when the caller handed in an engine it keeps. */
    private readonly ownsEngine = true,
  ) {}

  /** Tells the table maintenance of a write once its answer came, waited for or not. */
  private counted(command: string, sql: string, rows: number): void {
    if (isWrite(command)) this.onWrite?.(command, sql, rows);
  }

  connect(): Promise<PostgresPoolClient> {
    this.asking += 1;
    this.asked += 1;
    let release!: () => void;
    const released = new Promise<void>(
      (resolve) =>
        (release = () => {
          this.asking -= 1;
          if (this.asking === 0) for (const wake of this.whenFree.splice(0)) wake();
          resolve();
        }),
    );
    const ready = this.queue;
    this.queue = ready.then(() => released);
    // Sent and not waited for (a BEGIN, a statement marked RESULT_UNREAD): the worker runs requests
    // in the order they were sent, so the next statement follows it without a round trip of its
    // own to the main thread, whose event loop a busy server keeps the answer waiting in.
    let unanswered: Promise<unknown> = Promise.resolve();
    return ready.then(() => ({
      query: async <R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
        const tag = commandOf(sql);
        const command = tag as PostgresQueryResult<R>['command'];
        const plain = PLAIN_COMMANDS.has(tag);
        const before = unanswered;
        unanswered = Promise.resolve();
        if (parameters.length === 0 && sql.includes(';')) {
          // Migrations send several statements at once, which only the simple protocol (exec) accepts.
          const results = await this.engine.exec(sql, !plain);
          await before;
          const last = results[results.length - 1];
          return { command, rowCount: last?.affectedRows ?? 0, rows: (last?.rows ?? []) as R[] };
        }
        const keepPrepared = plain && (parameters.length === 0 || isPrepared(sql));
        const sent = this.engine.query(sql, parameters, keepPrepared, !plain);
        if (tag === 'BEGIN' || isResultUnread(sql)) {
          const counted = sent.then((result) => this.counted(command, sql, result.affectedRows));
          unanswered = Promise.all([before, counted]);
          // Its failure is the next statement's to report.
          unanswered.catch(() => undefined);
          return { command, rowCount: 0, rows: [] };
        }
        const result = await sent;
        await before;
        this.counted(command, sql, result.affectedRows);
        return { command, rowCount: result.affectedRows, rows: result.rows as R[] };
      },
      release,
    })) as Promise<PostgresPoolClient>;
  }

  /**
   * Resolves once nobody has held or asked for the session for `ms`, or after `maxWaitMs` whatever the traffic:
   * background work (report rollups) takes its turns in the gaps between requests instead of between a
   * request's statements and its answer's read.
   */
  async quiet(ms: number, maxWaitMs: number): Promise<void> {
    const deadline = performance.now() + maxWaitMs;
    for (let left = maxWaitMs; left > 0; left = deadline - performance.now()) {
      if (this.asking > 0) {
        await this.freeOrAfter(left);
        continue;
      }
      const mark = this.asked;
      await sleep(Math.min(ms, left));
      if (this.asking === 0 && this.asked === mark) return;
    }
  }

  /** Resolves once nobody holds or waits for the session, or after `ms`; leaves no timer behind. */
  private freeOrAfter(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.whenFree.push(done);
    });
  }

  async end(): Promise<void> {
    await this.queue;
    if (this.ownsEngine) await this.engine.close();
  }
}
