import { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

const INT8_OID = 20;

/** Ids are bigint in SQL but always below 2^53, so both drivers hand them to JS as numbers. */
export const numberParsers = { [INT8_OID]: (value: string) => Number(value) };

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ dataDir, loadDataDir, parsers: numberParsers });
}

function commandOf(sql: string): string {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(sql);
  return (match?.[1] ?? '').toUpperCase();
}

/**
 * Kysely's PostgresDialect over one embedded PGlite session. PGlite is a single connection,
 * so the pool hands it out to one holder at a time: a transaction keeps it until released,
 * and everything else queues behind it in arrival order.
 */
export class PglitePool implements PostgresPool {
  readonly options = {};
  private queue: Promise<void> = Promise.resolve();

  constructor(readonly pg: PGlite) {}

  connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const ready = this.queue;
    this.queue = ready.then(() => released);
    return ready.then(() => ({
      query: async <R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
        const command = commandOf(sql) as PostgresQueryResult<R>['command'];
        if (parameters.length === 0) {
          // Migrations send several statements at once, which only the simple protocol (exec) accepts.
          const results = await this.pg.exec(sql);
          const last = results[results.length - 1];
          return { command, rowCount: last?.affectedRows ?? 0, rows: (last?.rows ?? []) as R[] };
        }
        const result = await this.pg.query<R>(sql, parameters as unknown[]);
        return { command, rowCount: result.affectedRows ?? 0, rows: result.rows };
      },
      release,
    })) as Promise<PostgresPoolClient>;
  }

  async end(): Promise<void> {
    await this.queue;
    await this.pg.close();
  }
}
