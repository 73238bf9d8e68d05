import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src/server/db/database';
import { openTestDatabase } from '../../../helpers/test-database';

describe('database executor', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.asOwner(async (db) => {
      await sql`create table rls_probe (tenant_id bigint not null, id bigint generated always as identity, v text, primary key (tenant_id, id))`.execute(db);
      await sql`select pedbot_enable_tenant_rls('rls_probe')`.execute(db);
      await sql`insert into rls_probe (tenant_id, v) values (1, 'one'), (2, 'two')`.execute(db);
    });
  });
  afterAll(() => database.close());

  it('runs app queries as the restricted role', async () => {
    const { rows } = await database.withTenant(1, (tx) => sql<{ u: string }>`select current_user as u`.execute(tx));
    expect(rows[0]?.u).toBe('pedbot_app');
  });

  it('shows a tenant only its own rows', async () => {
    const { rows } = await database.withTenant(2, (tx) => sql<{ v: string }>`select v from rls_probe`.execute(tx));
    expect(rows.map((r) => r.v)).toEqual(['two']);
  });

  it('shows nothing without a tenant', async () => {
    const { rows } = await sql`select v from rls_probe`.execute(database.db);
    expect(rows).toEqual([]);
  });

  it('refuses writing a row for another tenant', async () => {
    await expect(
      database.withTenant(1, (tx) => sql`insert into rls_probe (tenant_id, v) values (2, 'intruder')`.execute(tx)),
    ).rejects.toThrow(/row-level security/);
  });
});
