import { loadConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { buildApp, type ServerApp } from '../../src/server/http/server-app';
import type { MailMessage } from '../../src/server/modules/auth/mailer';
import { DEMO_PASSWORD, seedDemoTenant } from '../../src/server/modules/tenants/demo-seed';
import { openTestDatabase } from './test-database';

export const TEST_JWT_SECRET = 'test-secret-for-pedbot-unit-tests-only';
/** Seals the secrets tests store (Cloud API tokens, TOTP secrets), so no key file is generated. */
export const TEST_DATA_ENCRYPTION_KEY = 'test-data-encryption-key-for-pedbot-tests';

export interface GraphqlResult<T = Record<string, unknown>> {
  status: number;
  data: T | null | undefined;
  errors: Array<{ message: string; extensions?: Record<string, unknown> }> | undefined;
}

export interface TestServer {
  app: ServerApp;
  database: Database;
  config: Config;
  /** Every mail the server sent, in order. */
  mails: MailMessage[];
  gql<T = Record<string, unknown>>(
    tenant: string,
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<GraphqlResult<T>>;
  /** Signs in and returns the access and refresh tokens; fails the test when sign-in fails. */
  signIn(tenant: string, email: string, password?: string): Promise<{ token: string; refreshToken: string }>;
  close(): Promise<void>;
}

/** Test config: cheap argon2, a fixed JWT secret, no logs, no built app. */
export const testConfig = (overrides: Partial<Config> = {}): Config =>
  loadConfig(
    {},
    {
      jwtSecret: TEST_JWT_SECRET,
      dataEncryptionKey: TEST_DATA_ENCRYPTION_KEY,
      argon2MemoryKib: 1024,
      argon2TimeCost: 2,
      logLevel: 'silent',
      staticDir: '/nonexistent-pedbot-dist',
      publicUrl: 'http://pedbot.test',
      ...overrides,
    },
  );

export const LOG_IN = `mutation ($email: String!, $password: String!, $remember: Boolean, $tokenTwoFactor: String) {
  logIn(email: $email, password: $password, remember: $remember, tokenTwoFactor: $tokenTwoFactor) {
    token refresh_token expires_in two_factor_required
    user { id email name attempts blocked_at twofactor_activity
      role { id name display_name has_permission_routes } userDepartment { id name activated }
      userInstances { id instance_id name } }
  }
}`;

/** The app on a fresh test database (PGlite copy, or PostgreSQL with DATABASE_URL), with the demo tenant. */
export async function openTestServer(options: { config?: Partial<Config>; demo?: boolean } = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  const config = testConfig(options.config);
  const mails: MailMessage[] = [];
  const mailer = {
    send: async (mail: MailMessage) => {
      mails.push(mail);
    },
  };
  let app: ServerApp;
  try {
    app = await buildApp({ config, database, services: { mailer } });
    if (options.demo !== false) await seedDemoTenant(database, app.deps.services.passwords, TEST_JWT_SECRET);
  } catch (error) {
    await database.close();
    throw error;
  }

  const gql: TestServer['gql'] = async (tenant, query, variables, token) => {
    const response = await app.fastify.inject({
      method: 'POST',
      url: `/${tenant}/graphql`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify({ query, variables }),
    });
    const body = response.json<{ data?: never; errors?: GraphqlResult['errors'] }>();
    return { status: response.statusCode, data: body.data, errors: body.errors };
  };

  const signIn: TestServer['signIn'] = async (tenant, email, password = DEMO_PASSWORD) => {
    const result = await gql<{ logIn: { token: string; refresh_token: string } }>(tenant, LOG_IN, { email, password });
    if (!result.data?.logIn.token) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(result.errors)}`);
    return { token: result.data.logIn.token, refreshToken: result.data.logIn.refresh_token };
  };

  return {
    app,
    database,
    config,
    mails,
    gql,
    signIn,
    close: async () => {
      await app.fastify.close();
      await database.close();
    },
  };
}
