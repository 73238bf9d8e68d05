import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { buildApp, type ServerApp } from '../../../src/server/http/server-app';
import { receiveInbound } from '../../../src/server/modules/messages/inbound';
import { testConfig } from '../../helpers/server';
import { testServerUrl } from '../../helpers/test-database';
import { streamQuery } from './support/operations';
import { seedFixtureTenant, type FixtureTenant } from './support/sync-fixture';
import { subscribeStream, wsClient } from './support/ws-client';
import { redisAnswers, testRedisUrl } from '../../helpers/redis';

const REDIS_URL = testRedisUrl;

interface Node {
  database: Database;
  app: ServerApp;
  url: string;
}

describe('two servers sharing one PostgreSQL and one Redis', () => {
  let skipReason: string | null = null;
  let name = '';
  const nodes: Node[] = [];
  let tenant: FixtureTenant;

  beforeAll(async () => {
    if (!testServerUrl) skipReason = 'needs a PostgreSQL server: run the postgres project (PEDBOT_TEST_DATABASE_URL)';
    else if (!(await redisAnswers())) skipReason = `Redis does not answer at ${REDIS_URL}`;
    if (skipReason) return;
    name = `pedbot_two_${randomBytes(5).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: testServerUrl!, migrate: false });
    await admin.asOwner((db) => sql.raw(`create database ${name}`).execute(db));
    await admin.close();
    const url = new URL(testServerUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) {
      // Each server has its own pool and its own Redis connections, as two processes would.
      const database = await openDatabase({ databaseUrl: url.toString() });
      const app = await buildApp({ config: testConfig({ redisUrl: REDIS_URL }), database });
      await app.fastify.listen({ port: 0, host: '127.0.0.1' });
      const address = app.fastify.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      nodes.push({ database, app, url: `http://127.0.0.1:${address.port}` });
    }
    tenant = await seedFixtureTenant(nodes[0]!, 'dois');
  });

  afterAll(async () => {
    for (const node of nodes) {
      await node.app.fastify.close();
      await node.database.close();
    }
    if (name) {
      const admin = await openDatabase({ databaseUrl: testServerUrl!, migrate: false });
      await admin.asOwner((db) => sql.raw(`drop database if exists ${name} with (force)`).execute(db));
      await admin.close();
    }
  });

  it('delivers a change written through one server to a subscriber of the other', async (ctx) => {
    if (skipReason) return ctx.skip(true, skipReason);
    const [writer, reader] = nodes as [Node, Node];
    const client = wsClient(reader.url, tenant.slug, tenant.tokens.admin);
    const stream = subscribeStream(client, streamQuery('CustomerChat'), { instance_id: String(tenant.instanceId) });
    try {
      expect((await stream.next()).resync).toBe(true);
      const started = Date.now();
      const { messageId } = await receiveInbound(writer.app.deps.services.sync!.messaging, {
        tenantId: tenant.tenantId,
        instanceId: tenant.instanceId,
        from: '11955550001',
        text: 'via servidor A',
        providerMessageId: 'wamid.two-servers',
      });
      const bulks = await stream.until((b) => b.documents.some((d) => d.id === String(messageId)), 3000);
      expect(bulks.at(-1)!.documents.find((d) => d.id === String(messageId))).toMatchObject({ message: 'via servidor A' });
      // Announced through Redis, not found by the safety-net poll (2 s).
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await stream.close();
      await client.dispose();
    }
  });
});
