import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../../../src/server/config';
import type { Database } from '../../../../src/server/db/database';
import { startServer, type RunningServer } from '../../../../src/server/main';
import { seedTenant } from '../../../../src/server/modules/tenants/tenant-seed';
import { TEST_JWT_SECRET } from '../../../helpers/server';
import { openTestDatabase } from '../../../helpers/test-database';
import { testFetch } from './test-fetch';

/**
 * The real server in-process (PGlite copy of the migrated template, or PostgreSQL with
 * DATABASE_URL) with the demo tenant, listening on a free port; restartable on the same
 * database and port, as a deploy would do.
 */
export interface SyncServer {
  readonly url: string;
  readonly database: Database;
  running(): RunningServer;
  restart(): Promise<void>;
  /** The demo tenant's sandbox connection. */
  instanceId(tenant?: string): Promise<string>;
  /** A customer writes to the store through the sandbox (creates the customer and ticket on first contact). */
  inbound(from: string, text: string, options?: { tenant?: string; name?: string; instanceId?: string }): Promise<void>;
  /** What the sandbox channel was handed for sending (the outbound side), per text. */
  outbox(tenant?: string, instanceId?: string): Promise<Array<{ text: string | null; to?: string }>>;
  /** The id of the ticket of the customer with this phone (the first one, whatever its tenant). */
  ticketIdOf(phone: string): Promise<string>;
  /** Adds a tenant shaped like the demo one (users admin/ana/bruno@<slug>.local); returns its id. */
  seedTenant(slug: string): Promise<number>;
  close(): Promise<void>;
}

export async function startSyncServer(overrides: Partial<Config> = {}): Promise<SyncServer> {
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-client-'));
  const config = {
    jwtSecret: TEST_JWT_SECRET,
    argon2MemoryKib: 1024,
    argon2TimeCost: 2,
    logLevel: 'silent' as const,
    staticDir: '/nonexistent-pedbot-dist',
    dataDir,
    ...overrides,
  };
  let server = await startServer({ port: 0, demo: true, quiet: true, database, config });
  const port = server.port;
  const instances = new Map<string, string>();

  const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await testFetch(`${server.url}${path}`, init);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  const instanceId = async (tenant = 'demo') => {
    let id = instances.get(tenant);
    if (!id) {
      const body = await api<{ instances: Array<{ id: number | string }> }>(`/api/sandbox/${tenant}/instances`);
      id = String(body.instances[0]?.id);
      instances.set(tenant, id);
    }
    return id;
  };

  return {
    async ticketIdOf(phone) {
      const row = await database.asOwner((db) =>
        db
          .selectFrom('chat_tickets as t')
          .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 't.tenant_id').onRef('c.id', '=', 't.customer_id'))
          .select('t.id')
          .where('c.phone_number', '=', phone)
          .executeTakeFirstOrThrow(),
      );
      return String(row.id);
    },
    get url() {
      return server.url;
    },
    database,
    running: () => server,
    restart: async () => {
      await server.close();
      server = await startServer({ port, demo: false, quiet: true, database, config });
    },
    instanceId,
    inbound: async (from, text, options = {}) => {
      const tenant = options.tenant ?? 'demo';
      await api(`/api/sandbox/${tenant}/${options.instanceId ?? (await instanceId(tenant))}/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from, text, name: options.name ?? `Cliente ${from.slice(-4)}` }),
      });
    },
    outbox: async (tenant = 'demo', instance?: string) => {
      const body = await api<{ messages: Array<{ text: string | null; to?: string }> }>(
        `/api/sandbox/${tenant}/${instance ?? (await instanceId(tenant))}/outbox`,
      );
      return body.messages;
    },
    seedTenant: async (slug) => {
      const { demoSeed } = await import('../../../../src/server/modules/tenants/demo-seed');
      const seed = demoSeed(TEST_JWT_SECRET);
      const seeded = await seedTenant(database, server.app.deps.services.passwords, {
        ...seed,
        slug,
        name: `Loja ${slug}`,
        users: seed.users.map((u) => ({ ...u, email: u.email.replace('@demo.local', `@${slug}.local`) })),
        instances: seed.instances.map((i) => ({ ...i, phone_number: '5511911110000' })),
        integrationTokens: [],
      });
      return seeded.tenantId;
    },
    close: async () => {
      await server.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
