import { CompiledQuery, type Kysely } from 'kysely';
import type { Db as BossDb } from 'pg-boss';
import type { Database, Tx } from './database';

/** The schema pg-boss lives in (0140-job-queue.sql). */
export const JOB_SCHEMA = 'pgboss';

type Runner = (run: (conn: Kysely<unknown>) => Promise<{ rows: unknown[] }>) => Promise<{ rows: unknown[] }>;

/**
 * pg-boss's statements on the embedded engine, through the same single session as the app's own
 * queries: each one holds the session for its duration, so it can never land inside another
 * caller's open transaction. Parameterless texts may hold several statements (pg-boss's locked
 * blocks: BEGIN ... RETURNING ... COMMIT), which only the simple protocol runs; their rows are
 * all returned, as node-postgres does.
 */
function embeddedBossDb(database: Database, hold: Runner): BossDb {
  const engine = database.engine!;
  return {
    executeSql: (text, values) =>
      hold(async (conn) => {
        if (!values?.length && text.includes(';')) {
          try {
            const results = await engine.exec(text);
            return { rows: results.flatMap((result) => result.rows) };
          } catch (error) {
            // A failed statement inside the block leaves the session's transaction aborted.
            await engine.exec('rollback').catch(() => undefined);
            throw error;
          }
        }
        const result = await conn.executeQuery(CompiledQuery.raw(text, values ?? []));
        return { rows: [...result.rows] };
      }),
  };
}

/** The app role's access for pg-boss on the embedded engine (fetch, complete, maintenance). */
export function embeddedAppBossDb(database: Database): BossDb {
  return embeddedBossDb(database, (run) => database.db.connection().execute((conn) => run(conn as Kysely<unknown>)));
}

/** The owner's access on the embedded engine: installing pg-boss and creating queues. */
export function embeddedOwnerBossDb(database: Database): BossDb {
  return embeddedBossDb(database, (run) => database.asOwner((owner) => run(owner as Kysely<unknown>)));
}

/** A job created inside the caller's transaction: it exists exactly when the transaction commits. */
export function transactionBossDb(tx: Tx): BossDb {
  return {
    executeSql: async (text, values) => {
      const result = await tx.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: [...result.rows] };
    },
  };
}
