import type { Config } from '../../../../src/server/config';
import { ATTENDANT_ROUTES, DEMO_PASSWORD } from '../../../../src/server/modules/tenants/demo-seed';
import { seedTenant } from '../../../../src/server/modules/tenants/tenant-seed';
import { openTestServer, type GraphqlResult, type TestServer } from '../../../helpers/server';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Who calls: the demo's admin, Ana (Vendas), Bruno (Suporte), or the admin of the second tenant `outra`. */
export type Caller = 'admin' | 'ana' | 'bruno' | 'other';

export interface TeamServer {
  server: TestServer;
  demoId: number;
  otherId: number;
  /** The demo's sandbox connection and the other tenant's one. */
  demoInstanceId: number;
  otherInstanceId: number;
  tokens: Record<Caller, string>;
  /** A call as `who`; answers data and errors as they came. */
  call(who: Caller, query: string, variables?: Record<string, unknown>): Promise<GraphqlResult<Data>>;
  /** A call that must succeed: answers its data. */
  ok(who: Caller, query: string, variables?: Record<string, unknown>): Promise<Data>;
  /** The first error's code of a call that must fail. */
  code(who: Caller, query: string, variables?: Record<string, unknown>): Promise<string | undefined>;
  /** Ids by name of the demo's departments and roles. */
  demoIds(): Promise<{ departments: Record<string, string>; roles: Record<string, string>; users: Record<string, string> }>;
  /** A customer writing to a sandbox connection of the demo; resolves once the ticket is stored. */
  customerWrites(from: string, text: string, instanceId?: number): Promise<{ ticketId: number; inboxDepartmentId: number | null }>;
  close(): Promise<void>;
}

const tenantSlug = (who: Caller) => (who === 'other' ? 'outra' : 'demo');

/** The demo tenant plus a second tenant with its own admin, department and connection. */
export async function openTeamServer(config: Partial<Config> = {}): Promise<TeamServer> {
  const server = await openTestServer({ config: { sandboxAckStepMs: 0, ...config } });
  const demoId = (await server.database.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  const other = await seedTenant(server.database, server.app.deps.services.passwords, {
    slug: 'outra',
    name: 'Outra Loja',
    roles: [
      { name: 'administrador', display_name: 'Administrador', routes: [] },
      { name: 'atendente', display_name: 'Atendente', routes: ATTENDANT_ROUTES },
    ],
    departments: ['Geral'],
    users: [{ email: 'admin@outra.test', name: 'Admin Outra', role: 'administrador', password: DEMO_PASSWORD }],
    instances: [{ name: 'Outra', channel: 'sandbox', phone_number: '5511900000099', activated: true, default_department: 'Geral' }],
    features: [],
    settings: [],
  });
  const demoInstanceId = (
    await server.database.withTenant(demoId, (tx) => tx.selectFrom('instances').select('id').where('name', '=', 'WhatsApp Loja Demo').executeTakeFirstOrThrow())
  ).id;
  const tokens: Record<Caller, string> = {
    admin: (await server.signIn('demo', 'admin@demo.local')).token,
    ana: (await server.signIn('demo', 'ana@demo.local')).token,
    bruno: (await server.signIn('demo', 'bruno@demo.local')).token,
    other: (await server.signIn('outra', 'admin@outra.test')).token,
  };
  const call: TeamServer['call'] = (who, query, variables) => server.gql<Data>(tenantSlug(who), query, variables, tokens[who]);
  const team: TeamServer = {
    server,
    demoId,
    otherId: other.tenantId,
    demoInstanceId,
    otherInstanceId: other.instanceIds[0] ?? 0,
    tokens,
    call,
    ok: async (who, query, variables) => {
      const result = await call(who, query, variables);
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      return result.data ?? {};
    },
    code: async (who, query, variables) => {
      const result = await call(who, query, variables);
      if (!result.errors) throw new Error(`expected an error, got ${JSON.stringify(result.data)}`);
      return result.errors[0]?.extensions?.code as string | undefined;
    },
    demoIds: async () =>
      server.database.withTenant(demoId, async (tx) => {
        const byName = (rows: Array<{ id: number; name: string }>) => Object.fromEntries(rows.map((r) => [r.name, String(r.id)]));
        return {
          departments: byName(await tx.selectFrom('user_departments').select(['id', 'name']).execute()),
          roles: byName(await tx.selectFrom('roles').select(['id', 'name']).execute()),
          users: Object.fromEntries((await tx.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email.split('@')[0], String(u.id)])),
        };
      }),
    customerWrites: async (from, text, instanceId = demoInstanceId) => {
      const response = await server.app.fastify.inject({
        method: 'POST',
        url: `/api/sandbox/demo/${instanceId}/inbound`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ from, name: `Cliente ${from.slice(-4)}`, text }),
      });
      if (response.statusCode !== 202) throw new Error(`sandbox inbound answered ${response.statusCode}: ${response.body}`);
      const deadline = Date.now() + 5000;
      for (;;) {
        const ticket = await server.database.withTenant(demoId, (tx) =>
          tx
            .selectFrom('chat_tickets as t')
            .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 't.tenant_id').onRef('c.id', '=', 't.customer_id'))
            .select(['t.id', 't.inbox_department_id'])
            .where('c.phone_number', '=', from)
            .where('t.finished_ticket', '=', false)
            .executeTakeFirst(),
        );
        if (ticket) return { ticketId: ticket.id, inboxDepartmentId: ticket.inbox_department_id };
        if (Date.now() > deadline) throw new Error('the inbound message was not stored in time');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => server.close(),
  };
  return team;
}
