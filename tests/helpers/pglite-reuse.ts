import { readFile } from 'node:fs/promises';
import { PgliteEngine } from '../../src/server/db/pglite-engine';

/**
 * Embedded test databases, reused within a test process. Starting one from the template costs about
 * 2.4 s under Vitest (the database thread, PGlite, unpacking the 44 MB dump, PostgreSQL's start), paid by
 * every file on PGlite; putting a used one back to the template's state costs about a tenth of that.
 *
 * A database goes back to the pool only when it is provably the template again: the session is
 * discarded, the job queue's objects (installed at the app's start) dropped, every table emptied and
 * every sequence restarted, and then the schema's fingerprint (relations, columns, functions, triggers,
 * policies, grants, roles, the migration log) must equal the template's. Anything a file changed
 * that the reset does not undo fails that comparison, and the database is closed instead.
 */

/** Idle databases kept per process: files of a project run one at a time per process. */
const MAX_IDLE = 2;
const idle: PgliteEngine[] = [];
let templateFingerprint: Promise<string> | null = null;

const FINGERPRINT = `
with ours as (
  select c.oid, n.nspname, c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity, coalesce(c.relacl::text, '') as acl
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
)
select md5(concat_ws('|',
  (select string_agg(concat_ws(',', nspname, relname, relkind, relrowsecurity, relforcerowsecurity, acl), ';' order by nspname, relname) from ours),
  (select string_agg(concat_ws(',', o.nspname, o.relname, a.attnum, a.attname, a.atttypid, a.attnotnull, a.atthasdef, a.attisdropped), ';'
     order by o.nspname, o.relname, a.attnum) from pg_attribute a join ours o on o.oid = a.attrelid where a.attnum > 0),
  (select string_agg(concat_ws(',', n.nspname, p.proname, md5(p.prosrc), coalesce(p.proacl::text, '')), ';' order by n.nspname, p.proname, md5(p.prosrc))
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')),
  (select string_agg(concat_ws(',', t.tgrelid::regclass::text, t.tgname, t.tgenabled), ';' order by t.tgrelid::regclass::text, t.tgname)
     from pg_trigger t join ours o on o.oid = t.tgrelid),
  (select string_agg(concat_ws(',', p.polrelid::regclass::text, p.polname, md5(coalesce(pg_get_expr(p.polqual, p.polrelid), '') || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), ''))), ';'
     order by p.polrelid::regclass::text, p.polname) from pg_policy p),
  (select string_agg(concat_ws(',', con.conrelid::regclass::text, con.conname), ';' order by con.conrelid::regclass::text, con.conname)
     from pg_constraint con join ours o on o.oid = con.conrelid),
  (select string_agg(concat_ws(',', rolname, rolsuper, rolbypassrls, rolinherit, rolcanlogin), ';' order by rolname) from pg_roles),
  (select string_agg(concat_ws(',', setdatabase, setrole, array_to_string(setconfig, ' ')), ';' order by setdatabase, setrole) from pg_db_role_setting),
  (select string_agg(nspname || coalesce(nspacl::text, ''), ';' order by nspname) from pg_namespace),
  (select string_agg(concat_ws(',', defaclrole, defaclnamespace, defaclobjtype, defaclacl::text), ';' order by defaclrole, defaclnamespace, defaclobjtype) from pg_default_acl),
  (select string_agg(concat_ws(',', n.nspname, t.typname, t.typtype), ';' order by n.nspname, t.typname)
     from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'),
  (select string_agg(concat_ws(',', schemaname, sequencename, last_value), ';' order by schemaname, sequencename) from pg_sequences),
  (select count(*) || ',' || max(name) from public.pedbot_migrations)
)) as fingerprint`;

/**
 * Empties what a test file wrote. The job queue installs its tables, functions and types into the
 * migrations' empty pgboss schema at the app's start: they go, the schema and its grants stay.
 * The migration log is the template's only content and stays.
 */
const EMPTY_TABLES = `
do $$
declare tables text; relation record; routine regprocedure; kind name;
begin
  for relation in select relname, relkind from pg_class where relnamespace = 'pgboss'::regnamespace and relkind in ('r', 'p', 'v', 'm', 'S') loop
    execute format('drop %s if exists pgboss.%I cascade',
      case relation.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' else 'table' end, relation.relname);
  end loop;
  for routine in select oid from pg_proc where pronamespace = 'pgboss'::regnamespace loop
    execute format('drop routine if exists %s cascade', routine);
  end loop;
  for kind in select typname from pg_type where typnamespace = 'pgboss'::regnamespace and typtype in ('e', 'd', 'c', 'r', 'm', 'b') and typrelid = 0 and typelem = 0 loop
    execute format('drop type if exists pgboss.%I cascade', kind);
  end loop;
  select string_agg(format('%I.%I', n.nspname, c.relname), ', ') into tables
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    and not (n.nspname = 'public' and c.relname = 'pedbot_migrations');
  if tables is not null then execute 'truncate ' || tables || ' restart identity cascade'; end if;
  perform setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false) from pg_sequences where last_value is not null;
  delete from pg_statistic where starelid in (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%');
end $$`;

const fingerprintOf = async (engine: PgliteEngine): Promise<string> => {
  const [result] = await engine.exec(FINGERPRINT);
  return (result?.rows[0] as { fingerprint: string }).fingerprint;
};

/** An engine in the template's state: an idle one, or a new one loaded from the template's dump. */
export async function takeEngine(templatePath: string): Promise<PgliteEngine> {
  const reused = idle.pop();
  if (reused) return reused;
  const engine = await PgliteEngine.open(undefined, new Blob([await readFile(templatePath)]));
  templateFingerprint ??= fingerprintOf(engine);
  await templateFingerprint;
  return engine;
}

/** Whether `engine` is in the template's state again after emptying what a file left in it. */
async function backToTemplate(engine: PgliteEngine, template: string): Promise<boolean> {
  try {
    // A file may have left a transaction open, a role set, statements prepared: the next file starts from a new session.
    await engine.exec('rollback');
    await engine.exec('discard all', true);
    await engine.exec(EMPTY_TABLES, true);
    return (await fingerprintOf(engine)) === template;
  } catch {
    return false;
  }
}

/** Puts `engine` back to the template's state for the next file, or closes it when it cannot be. */
export async function giveBackEngine(engine: PgliteEngine): Promise<void> {
  if (idle.length < MAX_IDLE && templateFingerprint && (await backToTemplate(engine, await templateFingerprint))) idle.push(engine);
  else await engine.close().catch(() => undefined);
}
