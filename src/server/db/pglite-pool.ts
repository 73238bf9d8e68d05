import { PGlite, parse, protocol } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { WriteKind } from './pglite-maintenance';

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
const WRITES = new Set<string>(['INSERT', 'UPDATE', 'DELETE']);

/** Distinct statement texts whose parameter types are remembered; a lookup with a list of N ids is one per N. */
const MAX_REMEMBERED = 1000;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Runs a statement as one protocol message (parse, bind, describe, execute, sync) handed to the
 * engine at once. PGlite's own query() enters the engine six times per statement, asking each
 * time for the parameter types it needs to serialize the values; in WebAssembly that was a good
 * part of an inbound batch's cost (issue 4 benchmark). The types are asked once per statement
 * text and remembered; a schema change through this session forgets them. Statements stay
 * unnamed, so each is planned with its values as constants, exactly as before (a partial index
 * or an ON CONFLICT arbiter matched through a bound value keeps working).
 */
class ExtendedQueries {
  private readonly paramTypes = new Map<string, number[]>();

  constructor(private readonly pg: PGlite) {}

  async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<{ rows: R[]; affectedRows: number }> {
    const types = parameters.length === 0 ? [] : (this.paramTypes.get(sql) ?? (await this.describe(sql)));
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = this.pg.serializers[types[i] ?? 0];
      return serialize ? serialize(value) : (value as { toString(): string }).toString();
    });
    const { messages } = await this.pg.execProtocol(
      concat([
        protocol.serialize.parse({ text: sql, types: [] }),
        protocol.serialize.bind({ values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    const [result] = parse.parseResults(messages, this.pg.parsers);
    return { rows: (result?.rows ?? []) as R[], affectedRows: result?.affectedRows ?? 0 };
  }

  forgetAll(): void {
    this.paramTypes.clear();
  }

  private async describe(sql: string): Promise<number[]> {
    const { messages } = await this.pg.execProtocol(
      concat([protocol.serialize.parse({ text: sql, types: [] }), protocol.serialize.describe({ type: 'S' }), protocol.serialize.sync()]),
    );
    const types = parse.parseDescribeStatementResults(messages);
    if (this.paramTypes.size >= MAX_REMEMBERED) this.paramTypes.delete(this.paramTypes.keys().next().value!);
    this.paramTypes.set(sql, types);
    return types;
  }
}

/**
 * Kysely's PostgresDialect over one embedded PGlite session. PGlite is a single connection,
 * so the pool hands it out to one holder at a time: a transaction keeps it until released,
 * and everything else queues behind it in arrival order.
 */
export class PglitePool implements PostgresPool {
  readonly options = {};
  private queue: Promise<void> = Promise.resolve();
  private readonly queries: ExtendedQueries;
  /** Told the rows each INSERT, UPDATE or DELETE wrote (pglite-maintenance.ts). */
  onWrite: ((kind: WriteKind, sql: string, rows: number) => void) | null = null;

  constructor(readonly pg: PGlite) {
    this.queries = new ExtendedQueries(pg);
  }

  connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const ready = this.queue;
    this.queue = ready.then(() => released);
    return ready.then(() => ({
      query: async <R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> => {
        const command = commandOf(sql) as PostgresQueryResult<R>['command'];
        if (!PLAIN_COMMANDS.has(command)) this.queries.forgetAll();
        if (parameters.length === 0 && sql.includes(';')) {
          // Migrations send several statements at once, which only the simple protocol (exec) accepts.
          const results = await this.pg.exec(sql);
          const last = results[results.length - 1];
          return { command, rowCount: last?.affectedRows ?? 0, rows: (last?.rows ?? []) as R[] };
        }
        const result = await this.pg.runExclusive(() => this.queries.query<R>(sql, parameters));
        if (WRITES.has(command)) this.onWrite?.(command as WriteKind, sql, result.affectedRows);
        return { command, rowCount: result.affectedRows, rows: result.rows };
      },
      release,
    })) as Promise<PostgresPoolClient>;
  }

  async end(): Promise<void> {
    await this.queue;
    await this.pg.close();
  }
}
