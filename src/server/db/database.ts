import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient, type Transaction } from 'kysely';
import pg from 'pg';
import { MAINTENANCE_STATISTICS_TARGET, TableMaintenance, isWrite, type WriteKind } from './table-maintenance';
import { PgliteEngine } from './pglite-engine';
import { PglitePool, numberParsers } from './pglite-pool';
import { PREPARED, RESULT_UNREAD, isPrepared } from './prepared';
import { runMigrations } from './migrate';
import type { Tables } from './tables';

export type Db = Kysely<Tables>;
export type Tx = Transaction<Tables>;
export type DatabaseKind = 'pglite' | 'postgres';

/** The role the app runs its queries as: it neither owns the tables nor bypasses row-level security. */
export const APP_ROLE = 'pedbot_app';

export interface Database {
  kind: DatabaseKind;
  /** Tenant-free access (tenant lookup, platform settings). Tenant data is invisible here by RLS. */
  db: Db;
  /** Runs `fn` in one transaction whose row-level security is scoped to `tenantId`. */
  withTenant<T>(tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `fn` as the table owner, bypassing RLS: migrations, seeds and platform tasks only. */
  asOwner<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The embedded engine in its thread, when there is one: tests dump it, pg-boss runs its multi-statement blocks on it. */
  engine?: PgliteEngine;
  /** The server's URL (kind 'postgres'): the job queue opens its own pool on it. */
  url?: string;
  /**
   * On the embedded database's one session: resolves once nobody used it for `ms`, or after `maxWaitMs`
   * (PglitePool.quiet). Absent on PostgreSQL, whose connections do not queue behind each other.
   */
  quiet?(ms: number, maxWaitMs: number): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  pgliteDir?: string;
  /** A dumped, already migrated PGlite data dir to start from (tests). */
  pgliteSnapshot?: Blob;
  /** An open embedded engine to run on instead of starting one; it stays the caller's, open after close() (tests reuse it). */
  pgliteEngine?: PgliteEngine;
  migrate?: boolean;
}

const committedCallbacks = new WeakMap<Tx, Array<() => void>>();

/** Runs `fn` once `tx`, a withTenant transaction, has committed; never when it rolls back. */
export function afterCommit(tx: Tx, fn: () => void): void {
  committedCallbacks.get(tx)?.push(fn);
}

async function withTenantOn<T>(db: Db, tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const callbacks: Array<() => void> = [];
  const result = await db.transaction().execute(async (tx) => {
    committedCallbacks.set(tx, callbacks);
    await sql`${PREPARED} ${RESULT_UNREAD} select set_config('app.tenant_id', ${String(tenantId)}, true)`.execute(tx);
    return fn(tx);
  });
  for (const callback of callbacks) callback();
  return result;
}

/** `vacuum (analyze)` or `analyze` of a table, as its owner; the table's row estimate after (table-maintenance.ts). */
async function maintainTable(owner: Db, table: string, vacuum: boolean): Promise<number> {
  await sql`${sql.raw(vacuum ? 'vacuum (analyze)' : 'analyze')} ${sql.id(table)}`.execute(owner);
  const { rows } = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where oid = ${table}::regclass`.execute(owner);
  return rows[0]?.n ?? 0;
}

async function openEmbedded(options: OpenOptions): Promise<Database> {
  const engine = options.pgliteEngine ?? (await PgliteEngine.open(options.pgliteDir, options.pgliteSnapshot));
  const pool = new PglitePool(engine, !options.pgliteEngine);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  if (options.migrate !== false) await runMigrations(db);
  await sql`set role ${sql.raw(APP_ROLE)}`.execute(db);
  // One embedded session: switch back to the owner, run, and drop privileges again,
  // holding the connection so no app query runs as owner in between.
  const asOwner = <T>(fn: (db: Db) => Promise<T>): Promise<T> =>
    db.connection().execute(async (conn) => {
      await sql`reset role`.execute(conn);
      try {
        return await fn(conn);
      } finally {
        await sql`set role ${sql.raw(APP_ROLE)}`.execute(conn);
      }
    });
  const maintenance = new TableMaintenance({
    maintain: (table, vacuum) =>
      asOwner(async (owner) => {
        await sql.raw(`set default_statistics_target = ${MAINTENANCE_STATISTICS_TARGET}`).execute(owner);
        try {
          return await maintainTable(owner, table, vacuum);
        } finally {
          await sql`reset default_statistics_target`.execute(owner);
        }
      }),
  });
  pool.onWrite = (kind, text, rows) => maintenance.noteWrite(kind, text, rows);
  return {
    kind: 'pglite',
    db,
    engine,
    quiet: (ms, maxWaitMs) => pool.quiet(ms, maxWaitMs),
    withTenant: (tenantId, fn) => withTenantOn(db, tenantId, fn),
    asOwner,
    close: async () => {
      await maintenance.stop();
      await db.destroy();
    },
  };
}

/**
 * A server that restarts or terminates a backend makes `pg` emit 'error' on the client, idle or closing;
 * unheard, that event crashes the process. The pool already drops the broken client and the next query
 * opens a new one, so hearing it is all that is needed.
 */
function surviveConnectionLoss(pool: pg.Pool): pg.Pool {
  const ignore = () => undefined;
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  return pool;
}

/** Statements kept prepared per connection; marked statements have fixed texts, so this is never reached in practice. */
const MAX_PREPARED = 200;

/**
 * node-postgres runs a statement it is given a name for as a named prepared statement, parsed once
 * per connection; statements marked PREPARED (prepared.ts) get one, derived from their text. Each
 * pg client keeps one wrapper: Kysely knows its connections by the client object.
 */
function preparing(pool: pg.Pool, onWrite: (kind: WriteKind, text: string, rows: number) => void): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (!name && names.size < MAX_PREPARED) names.set(text, (name = `pedbot_${names.size + 1}`));
    return name;
  };
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    get processID() {
      return (client as unknown as { processID?: number }).processID;
    },
    query: ((text: unknown, values?: unknown[]) => {
      // Anything but a statement's text (a cursor) goes through as it is.
      if (typeof text !== 'string') return client.query(text as string, values);
      const name = isPrepared(text) ? nameOf(text) : undefined;
      const result = name ? client.query({ name, text, values }) : client.query(text, values);
      return result.then((done) => {
        if (isWrite(done.command)) onWrite(done.command, text, done.rowCount ?? 0);
        return done;
      });
    }) as unknown as PostgresPoolClient['query'],
    release: (destroy?: boolean) => client.release(destroy),
  });
  return {
    options: pool.options,
    Client: pg.Client as unknown as PostgresPool['Client'],
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}

async function openServer(databaseUrl: string, options: OpenOptions): Promise<Database> {
  const types = { getTypeParser: (oid: number, format?: string) => (oid === 20 ? numberParsers[20] : pg.types.getTypeParser(oid, format as 'text')) };
  const ownerPool = surviveConnectionLoss(new pg.Pool({ connectionString: databaseUrl, max: 2, types }));
  // The startup option puts every app connection in the restricted role before its first query.
  const appPool = surviveConnectionLoss(new pg.Pool({ connectionString: databaseUrl, max: 10, types, options: `-c role=${APP_ROLE}` }));
  const owner = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: ownerPool }) });
  if (options.migrate !== false) await runMigrations(owner);
  const maintenance = new TableMaintenance({
    autovacuum: true,
    maintain: (table) => maintainTable(owner, table, false),
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: preparing(appPool, (kind, text, rows) => maintenance.noteWrite(kind, text, rows)) }) });
  return {
    kind: 'postgres',
    url: databaseUrl,
    db,
    withTenant: (tenantId, fn) => withTenantOn(db, tenantId, fn),
    asOwner: (fn) => fn(owner),
    close: async () => {
      await maintenance.stop();
      await db.destroy();
      await owner.destroy();
    },
  };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openServer(options.databaseUrl, options) : openEmbedded(options);
}
