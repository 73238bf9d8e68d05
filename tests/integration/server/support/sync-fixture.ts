import { sql } from 'kysely';
import type { Database } from '../../../../src/server/db/database';
import type { InboundInput, InboundResult } from '../../../../src/server/modules/messages/inbound';
import { receiveInbound } from '../../../../src/server/modules/messages/inbound';
import { seedTenant, type SeededTenant } from '../../../../src/server/modules/tenants/tenant-seed';
import { RecordingSender } from '../../../../src/server/sync/outbound/sender';
import type { SyncServices } from '../../../../src/server/sync/services';
import { openTestServer, type GraphqlResult, type TestServer } from '../../../helpers/server';

/** An inbound message as stored: always in a ticket. */
export type StoredInbound = InboundResult & { ticketId: number };

/** The people of a fixture tenant: one per visibility case of SPEC §4. */
export type Person = 'admin' | 'ana' | 'bruno' | 'carla';

export interface FixtureTenant {
  slug: string;
  tenantId: number;
  instanceId: number;
  /** A second connection no attendant of the tenant uses. */
  otherInstanceId: number;
  userIds: Record<Person, number>;
  departments: { vendas: number; suporte: number };
  tokens: Record<Person, string>;
}

export interface SyncFixture {
  server: TestServer;
  database: Database;
  sync: SyncServices;
  sender: RecordingSender;
  alpha: FixtureTenant;
  beta: FixtureTenant;
  gql<T = Record<string, unknown>>(tenant: FixtureTenant, person: Person, query: string, variables?: Record<string, unknown>): Promise<GraphqlResult<T>>;
  /** A customer's message arriving on the tenant's main connection. */
  inbound(tenant: FixtureTenant, input: Partial<InboundInput> & { from: string }): Promise<StoredInbound>;
  /**
   * Waits until every transaction committed so far is readable by the feed: on a shared
   * PostgreSQL server, any write transaction in flight (other tests included) holds the feed back.
   */
  settle(timeoutMs?: number): Promise<void>;
  /** Opens a port on loopback (for websocket tests) and answers the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

const cheapHasher = { hash: async () => 'not-a-real-hash', verify: async () => false, verifyNothing: async () => undefined };

let providerIds = 0;

/** A tenant with the four people of SPEC §4's visibility cases, two connections, and signed tokens. */
export async function seedFixtureTenant(server: Pick<TestServer, 'database' | 'app'>, slug: string): Promise<FixtureTenant> {
  const seeded: SeededTenant = await seedTenant(server.database, cheapHasher, {
    slug,
    name: `Loja ${slug}`,
    roles: [
      { name: 'administrador', display_name: 'Administrador', routes: [] },
      { name: 'atendente', display_name: 'Atendente', routes: ['chat-attendance'] },
    ],
    departments: ['Vendas', 'Suporte'],
    users: [
      { email: `admin@${slug}.test`, name: 'Admin', role: 'administrador', password: 'x' },
      { email: `ana@${slug}.test`, name: 'Ana', role: 'atendente', department: 'Vendas', password: 'x' },
      { email: `bruno@${slug}.test`, name: 'Bruno', role: 'atendente', department: 'Suporte', password: 'x' },
      { email: `carla@${slug}.test`, name: 'Carla', role: 'atendente', password: 'x' },
    ],
    instances: [{ name: 'Principal', channel: 'sandbox', phone_number: '5511900000001', activated: true }],
    features: [],
    settings: [],
  });
  const { tenantId } = seeded;
  const other = await server.database.withTenant(tenantId, (tx) =>
    tx.insertInto('instances').values({ tenant_id: tenantId, name: 'Outra', channel: 'sandbox', phone_number: '5511900000002' }).returning('id').executeTakeFirstOrThrow(),
  );
  const departments = await server.database.withTenant(tenantId, (tx) => tx.selectFrom('user_departments').select(['id', 'name']).execute());
  const department = (name: string) => departments.find((d) => d.name === name)?.id ?? 0;
  const userIds = {
    admin: seeded.userIds[`admin@${slug}.test`] ?? 0,
    ana: seeded.userIds[`ana@${slug}.test`] ?? 0,
    bruno: seeded.userIds[`bruno@${slug}.test`] ?? 0,
    carla: seeded.userIds[`carla@${slug}.test`] ?? 0,
  };
  const sign = (person: Person) =>
    server.app.deps.services.accessTokens.sign({ userId: userIds[person], tenantId, role: person === 'admin' ? 'administrador' : 'atendente' });
  return {
    slug,
    tenantId,
    instanceId: seeded.instanceIds[0] ?? 0,
    otherInstanceId: other.id,
    userIds,
    departments: { vendas: department('Vendas'), suporte: department('Suporte') },
    tokens: { admin: await sign('admin'), ana: await sign('ana'), bruno: await sign('bruno'), carla: await sign('carla') },
  };
}

/** The app in-process on a fresh test database, two tenants, and a recording outbound sender. */
export async function openSyncFixture(): Promise<SyncFixture> {
  const server = await openTestServer({ demo: false });
  const sync = server.app.deps.services.sync;
  if (!sync) throw new Error('the app has no sync services');
  const sender = new RecordingSender();
  sync.useSender(sender);
  const alpha = await seedFixtureTenant(server, 'alpha');
  const beta = await seedFixtureTenant(server, 'beta');
  return {
    server,
    database: server.database,
    sync,
    sender,
    alpha,
    beta,
    gql: (tenant, person, query, variables) => server.gql(tenant.slug, query, variables, tenant.tokens[person]),
    inbound: async (tenant, input) => {
      const stored = await receiveInbound(sync.messaging, {
        tenantId: tenant.tenantId,
        instanceId: tenant.instanceId,
        providerMessageId: `wamid.${++providerIds}`,
        text: 'Olá',
        ...input,
      });
      if (stored.ticketId === null) throw new Error('inbound message stored without a ticket');
      return { ...stored, ticketId: stored.ticketId };
    },
    settle: async (timeoutMs = 5000) => {
      const mark = await server.database.withTenant(alpha.tenantId, async (tx) => {
        const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(tx);
        return Number(rows[0]?.xid);
      });
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const { rows } = await sql<{ xmin: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(server.database.db);
        if (Number(rows[0]?.xmin) > mark) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    listen: async () => {
      await server.app.fastify.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.fastify.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return `http://127.0.0.1:${address.port}`;
    },
    close: () => server.close(),
  };
}

/** Routes a ticket to a department's inbox (what a transfer to a department does). */
export async function moveToDepartment(fixture: SyncFixture, tenant: FixtureTenant, ticketId: number, departmentId: number | null): Promise<void> {
  await fixture.gql(tenant, 'admin', 'mutation ($id: ID!, $d: ID) { changeChatTicketDepartment(id: $id, inbox_department_id: $d) { id } }', {
    id: String(ticketId),
    d: departmentId === null ? null : String(departmentId),
  });
}
