import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database';
import { startServer, type RunningServer } from '../../../src/server/main';
import { receiveInbound } from '../../../src/server/modules/messages/inbound';
import { totpCode } from '../../../src/server/modules/auth/totp';
import { SEALED_PREFIX, SecretKeyError } from '../../../src/server/security/secret-box';
import { TEST_PHONE_NUMBER_ID, TEST_WABA_ID } from '../../helpers/cloud-api-fixtures';
import { FakeCloudApi } from '../../helpers/fake-cloud-api';
import { LOG_IN, testConfig } from '../../helpers/server';
import { openTestDatabase } from '../../helpers/test-database';
import { openChannelServer, type ChannelServer } from '../channels/support/channel-server';

const STEP_MS = 30_000;
const GENERATE = 'mutation { generateQrcode(verifyActivity: true) { secret } }';
const ACTIVITY = 'mutation ($code: String) { twoFactorActivity(validate: $code) }';

/** Every stored row of `table` whose text shows `plain` anywhere (as the owner: all tenants). */
async function rowsShowing(database: Database, table: 'instances' | 'users', plain: string): Promise<number> {
  const { rows } = await database.asOwner((db) => sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} t where t::text like ${`%${plain}%`}`.execute(db));
  return Number(rows[0]!.n);
}

describe('Cloud API tokens and TOTP secrets encrypted at rest', () => {
  const fake = new FakeCloudApi();
  let s: ChannelServer;
  beforeAll(async () => {
    await fake.start();
    s = await openChannelServer({ cloudApiBaseUrl: fake.baseUrl });
  });
  afterAll(async () => {
    await s?.close();
    await fake.stop();
  });
  const gql = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, token = s.adminToken) => s.server.gql<T>('demo', query, variables, token);

  it('stores a token given on the admin screen sealed, shows it masked, and still sends with it', async () => {
    const created = await gql<{ createInstance: { id: string } }>('mutation { createInstance(name: "Oficial", channel: "cloud-api") { id } }');
    const id = created.data!.createInstance.id;
    const updated = await gql<{ updateInstance: { official_token: string } }>(
      `mutation ($id: ID!) { updateInstance(id: $id, official_token: "TEST_TOKEN", official_phone_id: "${TEST_PHONE_NUMBER_ID}", waba_id: "${TEST_WABA_ID}") { official_token } }`,
      { id },
    );
    expect(updated.data?.updateInstance.official_token).toBe('••••••••OKEN');
    const stored = await s.server.database.withTenant(s.tenantId, (tx) =>
      tx.selectFrom('instances').select('official_token').where('id', '=', Number(id)).executeTakeFirstOrThrow(),
    );
    expect(stored.official_token?.startsWith(SEALED_PREFIX)).toBe(true);
    expect(await rowsShowing(s.server.database, 'instances', 'TEST_TOKEN')).toBe(0);

    // Connecting asks Meta about the number with the token; the fake accepts only TEST_TOKEN.
    const up = await gql<{ updateInstanceIntegration: { activated: boolean } }>('mutation ($id: ID!) { updateInstanceIntegration(id: $id) { activated } }', { id });
    expect(up.errors).toBeUndefined();
    expect(up.data?.updateInstanceIntegration.activated).toBe(true);
    await receiveInbound(s.sync.messaging, {
      tenantId: s.tenantId,
      instanceId: Number(id),
      from: '5511977771313',
      name: 'Cliente',
      text: 'Olá',
      providerMessageId: 'wamid.IN_AT_REST',
      sentAt: new Date(),
    });
    fake.requests.length = 0;
    const sent = await gql('mutation ($i: ID!) { sendMessage(to_number: "5511977771313", message: "Olá!", instance_id: $i, hash: "at-rest-1") { id } }', { i: id });
    expect(sent.errors).toBeUndefined();
    await s.dispatch();
    const sends = fake.requests.filter((request) => request.path.endsWith('/messages'));
    expect(sends.map((request) => request.token)).toEqual(['TEST_TOKEN']);
  });

  it('stores TOTP secrets sealed, pending and active, and signs in with a code of the secret', async () => {
    const { token } = await s.server.signIn('demo', 'bruno@demo.local');
    const secret = (await gql<{ generateQrcode: { secret: string } }>(GENERATE, {}, token)).data!.generateQrcode.secret;
    expect(await rowsShowing(s.server.database, 'users', secret)).toBe(0);
    const activated = await gql(ACTIVITY, { code: totpCode(secret, Date.now() - STEP_MS) }, token);
    expect(activated.data).toEqual({ twoFactorActivity: true });
    const row = await s.server.database.asOwner((db) =>
      db.selectFrom('users').select(['google2fa_secret', 'google2fa_pending_secret']).where('email', '=', 'bruno@demo.local').executeTakeFirstOrThrow(),
    );
    expect(row.google2fa_secret?.startsWith(SEALED_PREFIX)).toBe(true);
    expect(row.google2fa_pending_secret).toBeNull();
    expect(await rowsShowing(s.server.database, 'users', secret)).toBe(0);

    const signIn = await s.server.gql<{ logIn: { token: string | null } }>('demo', LOG_IN, { email: 'bruno@demo.local', password: 'Pedbot@demo1', tokenTwoFactor: totpCode(secret) });
    expect(signIn.errors).toBeUndefined();
    expect(signIn.data?.logIn.token).toBeTruthy();
  });
});

describe('secrets stored before encryption, and the key at start', () => {
  const fake = new FakeCloudApi();
  const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  let database: Database;
  let dataDir: string;
  let server: RunningServer | undefined;
  const base = () => {
    const { jwtSecret, argon2MemoryKib, argon2TimeCost, logLevel, staticDir } = testConfig();
    return { jwtSecret, argon2MemoryKib, argon2TimeCost, logLevel, staticDir, dataDir, host: '127.0.0.1', cloudApiBaseUrl: fake.baseUrl, autoTransferIntervalMs: 0 };
  };
  const start = (config: Record<string, unknown> = {}) => startServer({ database, port: 0, demo: true, quiet: true, config: { ...base(), ...config } });
  const stored = async () => {
    const users = await database.asOwner((db) => db.selectFrom('users').select('google2fa_secret').where('email', '=', 'ana@demo.local').executeTakeFirstOrThrow());
    const instances = await database.asOwner((db) => db.selectFrom('instances').select('official_token').where('name', '=', 'Antiga').executeTakeFirstOrThrow());
    return { totp: users.google2fa_secret, token: instances.official_token };
  };

  beforeAll(async () => {
    await fake.start();
    database = await openTestDatabase();
    // No DATA_ENCRYPTION_KEY: the key is generated into DATA_DIR, as on a first run.
    dataDir = await mkdtemp(join(tmpdir(), 'pedbot-secrets-'));
    server = await start();
    await server.close();
    server = undefined;
    // Rows as an older PedBot left them: plaintext.
    await database.asOwner(async (db) => {
      const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
      await db
        .insertInto('instances')
        .values({ tenant_id: tenant.id, name: 'Antiga', channel: 'cloud-api', is_official: true, activated: true, official_phone_id: TEST_PHONE_NUMBER_ID, waba_id: TEST_WABA_ID, official_token: 'TEST_TOKEN' })
        .execute();
      await db.updateTable('users').set({ twofactor_activity: true, google2fa_secret: TOTP_SECRET }).where('email', '=', 'ana@demo.local').execute();
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await fake.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('seals plaintext rows at start; sending and two-factor sign-in still work; a second start changes nothing', async () => {
    expect(await stored()).toEqual({ totp: TOTP_SECRET, token: 'TEST_TOKEN' });
    server = await start();
    const sealed = await stored();
    expect(sealed.totp?.startsWith(SEALED_PREFIX)).toBe(true);
    expect(sealed.token?.startsWith(SEALED_PREFIX)).toBe(true);
    expect(await rowsShowing(database, 'instances', 'TEST_TOKEN')).toBe(0);
    expect(await rowsShowing(database, 'users', TOTP_SECRET)).toBe(0);
    expect((await stat(join(dataDir, 'data-encryption-key'))).mode & 0o777).toBe(0o600);

    const graphql = (query: string, variables: Record<string, unknown>, token?: string) =>
      fetch(`${server!.url}/demo/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      }).then((response) => response.json() as Promise<{ data?: Record<string, Record<string, unknown>>; errors?: unknown[] }>);
    const ana = await graphql(LOG_IN, { email: 'ana@demo.local', password: 'Pedbot@demo1', tokenTwoFactor: totpCode(TOTP_SECRET) });
    expect(ana.errors).toBeUndefined();
    const admin = await graphql(LOG_IN, { email: 'admin@demo.local', password: 'Pedbot@demo1' });
    const adminToken = String(admin.data?.logIn?.token);
    const instance = await database.asOwner((db) => db.selectFrom('instances').select('id').where('name', '=', 'Antiga').executeTakeFirstOrThrow());
    fake.requests.length = 0;
    const check = await graphql('mutation ($id: ID!) { checkInstanceIntegration(id: $id) { ok } }', { id: String(instance.id) }, adminToken);
    expect(check.data?.checkInstanceIntegration).toEqual({ ok: true });
    expect(fake.requests.map((request) => request.token)).toEqual(['TEST_TOKEN']);

    await server.close();
    server = await start();
    expect(await stored()).toEqual(sealed);
    await server.close();
    server = undefined;
  });

  it('refuses to start with another key, saying so, and leaves the sealed rows as they were', async () => {
    const before = await stored();
    const error = await start({ dataEncryptionKey: 'another-key-that-did-not-seal-these-rows' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretKeyError);
    expect((error as Error).message).toMatch(/cifrados com outra chave .* DATA_ENCRYPTION_KEY/);
    expect((error as Error).message).toMatch(/encrypted with another key/);
    expect(await stored()).toEqual(before);
  });
});
