import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Applies every `migrations/NNNN-name.sql` not yet applied, in name order, each in its own transaction. */
export async function runMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  await sql`create table if not exists pedbot_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(db);
  const applied: string[] = [];
  await db.transaction().execute(async (tx) => {
    // Replicas starting together must not migrate twice.
    await sql`select pg_advisory_xact_lock(727274)`.execute(tx);
    const done = new Set((await sql<{ name: string }>`select name from pedbot_migrations`.execute(tx)).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      await sql.raw(await readFile(migrationsDir + file, 'utf8')).execute(tx);
      await sql`insert into pedbot_migrations (name) values (${file})`.execute(tx);
      applied.push(file);
    }
  });
  return applied;
}
