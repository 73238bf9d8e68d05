import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src/server/db/database';
import { PREPARED } from '../../../../src/server/db/prepared';
import { openTestDatabase } from '../../../helpers/test-database';

describe('statements with parameters', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.asOwner(async (db) => {
      await sql`create table protocol_probe (id bigint generated always as identity primary key, at timestamptz, tags text[], ids bigint[], doc jsonb, flag boolean, v text)`.execute(db);
      await sql`grant select, insert, update on protocol_probe to pedbot_app`.execute(db);
    });
  });
  afterAll(() => database.close());

  it('hands every kind of value to the server as its type and reads it back the same, again and again', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    for (let round = 0; round < 3; round++) {
      const { rows } = await sql<{ id: number; at: Date; tags: string[]; ids: string; doc: unknown; flag: boolean; v: string | null }>`
        insert into protocol_probe (at, tags, ids, doc, flag, v)
        values (${at}, ${['a', 'b,c', 'd"e', null]}, ${[1, 2 ** 40]}, ${JSON.stringify({ k: [1, 'x'] })}, ${round === 1}, ${round === 2 ? null : `r${round}`})
        returning id, at, tags, ids::text as ids, doc, flag, v`.execute(database.db);
      expect(rows[0]).toMatchObject({ at, tags: ['a', 'b,c', 'd"e', null], ids: '{1,1099511627776}', doc: { k: [1, 'x'] }, flag: round === 1, v: round === 2 ? null : `r${round}` });
      expect(typeof rows[0]!.id).toBe('number');
    }
    const updated = await sql`update protocol_probe set flag = ${true} where flag = ${false}`.execute(database.db);
    expect(updated.numAffectedRows).toBe(2n);
  });

  it('reports a failing statement with its code and keeps the session usable', async () => {
    await expect(database.withTenant(1, (tx) => sql`select 1 / ${0}::int`.execute(tx))).rejects.toMatchObject({ code: '22012' });
    await expect(sql`select nope from protocol_probe`.execute(database.db)).rejects.toMatchObject({ code: '42703' });
    const { rows } = await database.withTenant(1, (tx) => sql<{ n: number }>`select ${41}::int + 1 as n`.execute(tx));
    expect(rows).toEqual([{ n: 42 }]);
  });

  it('serializes a value for the column type a schema change gave it', async () => {
    const insert = (value: unknown) => sql<{ v: unknown }>`insert into protocol_probe (v) values (${value}) returning v`.execute(database.db);
    expect((await insert('plain')).rows[0]?.v).toBe('plain');
    await database.asOwner((db) => sql`alter table protocol_probe alter column v type jsonb using to_jsonb(v)`.execute(db));
    expect((await insert({ now: 'json' })).rows[0]?.v).toEqual({ now: 'json' });
  });

  it('keeps a marked statement prepared on the connection, answering right past the switch to a generic plan', async () => {
    const prepared = await database.withTenant(1, async (tx) => {
      for (let round = 1; round <= 8; round++) {
        const ids = Array.from({ length: round }, (_, i) => i + 1);
        const { rows } = await sql<{ n: number }>`${PREPARED} select count(*)::int as n from protocol_probe right join unnest(${ids}::bigint[]) as u(id) using (id)`.execute(tx);
        expect(rows[0]?.n).toBe(round);
      }
      await sql`select ${1}::int as unmarked`.execute(tx);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(tx);
      return rows.map((r) => r.statement);
    });
    expect(prepared.some((text) => text.includes('from protocol_probe right join unnest('))).toBe(true);
    expect(prepared.some((text) => text.includes('as unmarked'))).toBe(false);
  });
});
