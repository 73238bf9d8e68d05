import { PGlite, parse, protocol } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { WriteKind } from './pglite-maintenance';
import { isPrepared } from './prepared';

const INT8_OID = 20;

/** Ids are bigint in SQL but always below 2^53, so both drivers hand them to JS as numbers. */
export const numberParsers = { [INT8_OID]: (value: string) => Number(value) };

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ dataDir, loadDataDir, parsers: numberParsers });
}

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
const WRITES = new Set<string>(['INSERT', 'UPDATE', 'DELETE']);

/** Distinct statement texts remembered; a lookup with a list of N ids is one per N. */
const MAX_REMEMBERED = 1000;
/** Statements kept prepared at once (marked ones and parameterless ones). */
const MAX_PREPARED = 200;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

interface Statement {
  /** Parameter type oids as the server inferred them: each value is serialized for its type. */
  types: number[];
  /** Set when the session keeps the statement prepared under this name. */
  name: string | null;
}

/**
 * Runs a statement as one protocol message (bind, describe, execute, sync, after a parse when it
 * is not kept prepared) handed to the engine at once. PGlite's own query() enters the engine six
 * times per statement, asking each time for the parameter types it needs to serialize the values;
 * in WebAssembly that was a good part of an inbound batch's cost (issue 4 benchmark). The types
 * are asked once per statement text and remembered.
 *
 * Statements marked PREPARED (prepared.ts), and those without parameters (their plan never
 * depends on a value), are kept prepared under a name, so they are parsed and analyzed once and
 * planned as PostgreSQL's plan cache decides. Every other statement stays unnamed and is planned
 * with its values as constants, as before. Plans follow schema and role changes by themselves;
 * the remembered types do not, so a schema change through this session forgets everything.
 */
class ExtendedQueries {
  private readonly statements = new Map<string, Statement>();
  private readonly prepared = new Set<string>();
  private counter = 0;
  /** Names of statements no longer kept, closed with the next message. */
  private closing: string[] = [];

  constructor(private readonly pg: PGlite) {}

  async query<R>(sql: string, parameters: ReadonlyArray<unknown>, keepPrepared: boolean): Promise<{ rows: R[]; affectedRows: number }> {
    const known = this.statements.get(sql);
    if (known?.name) {
      // Least recently used first in line to be closed.
      this.prepared.delete(sql);
      this.prepared.add(sql);
    }
    const statement = known ?? (await this.describe(sql, keepPrepared));
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = this.pg.serializers[statement.types[i] ?? 0];
      return serialize ? serialize(value) : (value as { toString(): string }).toString();
    });
    const { messages } = await this.pg.execProtocol(
      concat([
        ...(statement.name ? [] : [protocol.serialize.parse({ text: sql, types: [] })]),
        protocol.serialize.bind({ statement: statement.name ?? '', values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    const [result] = parse.parseResults(messages, this.pg.parsers);
    return { rows: (result?.rows ?? []) as R[], affectedRows: result?.affectedRows ?? 0 };
  }

  forgetAll(): void {
    for (const statement of this.statements.values()) if (statement.name) this.closing.push(statement.name);
    this.statements.clear();
    this.prepared.clear();
  }

  private async describe(sql: string, keepPrepared: boolean): Promise<Statement> {
    const name = keepPrepared ? `pedbot_${++this.counter}` : null;
    if (name && this.prepared.size >= MAX_PREPARED) this.forget(this.prepared.values().next().value!);
    if (this.statements.size >= MAX_REMEMBERED) this.forget(this.statements.keys().next().value!);
    const closing = this.closing.map((old) => protocol.serialize.close({ type: 'S', name: old }));
    this.closing = [];
    const { messages } = await this.pg.execProtocol(
      concat([...closing, protocol.serialize.parse({ name: name ?? '', text: sql, types: [] }), protocol.serialize.describe({ type: 'S', name: name ?? '' }), protocol.serialize.sync()]),
    );
    const statement = { types: parse.parseDescribeStatementResults(messages), name };
    this.statements.set(sql, statement);
    if (name) this.prepared.add(sql);
    return statement;
  }

  private forget(sql: string): void {
    const name = this.statements.get(sql)?.name;
    if (name) this.closing.push(name);
    this.statements.delete(sql);
    this.prepared.delete(sql);
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
        const keepPrepared = PLAIN_COMMANDS.has(command) && (parameters.length === 0 || isPrepared(sql));
        const result = await this.pg.runExclusive(() => this.queries.query<R>(sql, parameters, keepPrepared));
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
