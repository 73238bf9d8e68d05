import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TableMaintenance } from '../../../../src/server/db/table-maintenance';
import { openTestDatabase } from '../../../helpers/test-database';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

function recorder(rowsAfter: (table: string) => number = (table) => (table === 'big' ? 10_000 : 100), autovacuum = false) {
  const runs: string[] = [];
  let now = 0;
  const maintenance = new TableMaintenance({
    autovacuum,
    maintain: async (table, vacuum) => {
      runs.push(`${vacuum ? 'vacuum' : 'analyze'} ${table}`);
      return rowsAfter(table);
    },
    minIntervalMs: 1000,
    now: () => now,
  });
  return { runs, maintenance, advance: (ms: number) => (now += ms) };
}

describe('PGlite maintenance (autovacuum for the embedded database)', () => {
  it('analyzes a table once the rows written to it reach its size, and not before', async () => {
    const { runs, maintenance, advance } = recorder();
    maintenance.noteWrite('INSERT', 'insert into "customer_chats" ("tenant_id") values ($1)', 49);
    await settle();
    expect(runs).toEqual([]);
    maintenance.noteWrite('INSERT', 'insert into customer_chats (tenant_id) select 1', 1);
    await settle();
    expect(runs).toEqual(['analyze customer_chats']);
    // Now 100 rows: the next analyze waits for 50 + 100 more.
    advance(5000);
    maintenance.noteWrite('INSERT', 'insert into "customer_chats" ("tenant_id") values ($1)', 149);
    await settle();
    expect(runs).toHaveLength(1);
    maintenance.noteWrite('INSERT', 'insert into "customer_chats" ("tenant_id") values ($1)', 1);
    await settle();
    expect(runs).toEqual(['analyze customer_chats', 'analyze customer_chats']);
  });

  it('analyzes a small table again as soon as it doubled, without waiting for the interval; a big one waits', async () => {
    let size = 100;
    const { runs, maintenance, advance } = recorder((table) => (table === 'big' ? 50_000 : size));
    maintenance.noteWrite('INSERT', 'insert into "customer_chats" ("tenant_id") values ($1)', 100);
    await settle();
    size = 250;
    maintenance.noteWrite('INSERT', 'insert into "customer_chats" ("tenant_id") values ($1)', 150);
    await settle();
    expect(runs).toEqual(['analyze customer_chats', 'analyze customer_chats']);

    maintenance.noteWrite('INSERT', 'insert into "big" ("tenant_id") values ($1)', 60);
    await settle();
    maintenance.noteWrite('INSERT', 'insert into "big" ("tenant_id") values ($1)', 50_100);
    await settle();
    expect(runs.filter((run) => run === 'analyze big')).toHaveLength(1);
    advance(1000);
    maintenance.noteWrite('INSERT', 'insert into "big" ("tenant_id") values ($1)', 1);
    await settle();
    expect(runs.filter((run) => run === 'analyze big')).toHaveLength(2);
  });

  it('vacuums a table whose updated and deleted rows reach a fifth of it, at most once per interval', async () => {
    const { runs, maintenance, advance } = recorder(() => 1000);
    maintenance.noteWrite('INSERT', 'insert into "chat_tickets" ("tenant_id") values ($1)', 1000);
    await settle();
    expect(runs).toEqual(['analyze chat_tickets']);
    advance(5000);
    maintenance.noteWrite('UPDATE', 'update chat_tickets t set unseen_msg = t.unseen_msg + 1 from unnest($1::bigint[]) as v(id)', 249);
    await settle();
    expect(runs).toHaveLength(1);
    maintenance.noteWrite('DELETE', 'delete from "chat_tickets" where "id" = $1', 1);
    await settle();
    expect(runs).toEqual(['analyze chat_tickets', 'vacuum chat_tickets']);
    // Due again at once, but within the interval: it waits, then runs with the next write.
    maintenance.noteWrite('UPDATE', 'update "chat_tickets" set "inbox" = $1', 300);
    await settle();
    expect(runs).toHaveLength(2);
    advance(1000);
    maintenance.noteWrite('UPDATE', 'update "chat_tickets" set "inbox" = $1', 1);
    await settle();
    expect(runs).toEqual(['analyze chat_tickets', 'vacuum chat_tickets', 'vacuum chat_tickets']);
  });

  it('analyzes a table before it ever vacuums it, so a big table is not vacuumed on a guess of its size', async () => {
    const { runs, maintenance, advance } = recorder(() => 100_000);
    maintenance.noteWrite('UPDATE', 'update "customer_chats" set "ack" = $1', 60);
    await settle();
    expect(runs).toEqual(['analyze customer_chats']);
    advance(5000);
    maintenance.noteWrite('UPDATE', 'update "customer_chats" set "ack" = $1', 1000);
    await settle();
    expect(runs).toHaveLength(1);
  });

  it('keeps tables apart and schedules nothing once stopped', async () => {
    const { runs, maintenance } = recorder();
    maintenance.noteWrite('INSERT', 'insert into "customers" ("tenant_id") values ($1)', 60);
    maintenance.noteWrite('INSERT', 'insert into "big" ("tenant_id") values ($1)', 10);
    await settle();
    expect(runs).toEqual(['analyze customers']);
    await maintenance.stop();
    maintenance.noteWrite('INSERT', 'insert into "big" ("tenant_id") values ($1)', 1000);
    await settle();
    expect(runs).toEqual(['analyze customers']);
  });

  it('beside a server\'s autovacuum, analyzes young tables as they double and leaves updates, vacuuming and grown tables to it', async () => {
    let size = 100;
    const { runs, maintenance, advance } = recorder((table) => (table === 'big' ? 50_000 : size), true);
    maintenance.noteWrite('INSERT', 'insert into "customer_chats" ("tenant_id") values ($1)', 100);
    await settle();
    size = 250;
    maintenance.noteWrite('INSERT', 'insert into "customer_chats" ("tenant_id") values ($1)', 150);
    await settle();
    maintenance.noteWrite('DELETE', 'delete from "customer_chats" where "id" = $1', 400);
    maintenance.noteWrite('UPDATE', 'update "customer_chats" set "ack" = $1', 400);
    await settle();
    expect(runs).toEqual(['analyze customer_chats', 'analyze customer_chats']);
    // A table found grown at its first analyze is autovacuum's from then on, however much is inserted into it.
    maintenance.noteWrite('INSERT', 'insert into "big" ("tenant_id") values ($1)', 60);
    await settle();
    advance(60_000);
    maintenance.noteWrite('INSERT', 'insert into "big" ("tenant_id") values ($1)', 100_000);
    await settle();
    expect(runs).toEqual(['analyze customer_chats', 'analyze customer_chats', 'analyze big']);
  });

  // On a PostgreSQL server too: autovacuum looks at a table once a minute, while a fresh database's tables grow by the second.
  it(`gives the planner of a fresh ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'} database statistics as its tables grow, so a lookup by a selective column uses its index`, async () => {
    const database = await openTestDatabase();
    try {
      await database.asOwner(async (db) => {
        await sql`create table maintenance_probe (tenant_id bigint not null, id bigint generated always as identity, kind bigint not null, code text not null, primary key (tenant_id, id), unique (tenant_id, kind, code))`.execute(
          db,
        );
        await sql`create index maintenance_probe_by_kind on maintenance_probe (tenant_id, kind, id)`.execute(db);
        await sql`grant select, insert on maintenance_probe to pedbot_app`.execute(db);
      });
      // Written through the app session, in steps, as inbound batches are.
      for (let step = 0; step < 20; step++) {
        await sql`insert into maintenance_probe (tenant_id, kind, code) select 1, 1, 'c' || g from generate_series(${step * 200}::int, ${step * 200 + 199}::int) g`.execute(database.db);
      }
      const plan = async () => {
        const { rows } = await database.asOwner((db) =>
          sql<{ 'QUERY PLAN': string }>`explain select id from maintenance_probe where tenant_id = 1 and kind = 1 and code = any(array['c1', 'c2'])`.execute(db),
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      // The server's analyze runs beside the writes, on the owner's connection: given a moment.
      for (let wait = 0; wait < 50 && !(await plan()).includes('maintenance_probe_tenant_id_kind_code_key'); wait++) await settle();
      expect(await plan()).toContain('maintenance_probe_tenant_id_kind_code_key');
    } finally {
      await database.close();
    }
  });
});
