import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import type { ServerServices } from './graphql/context';
import { closeHttp } from './http/close-http';
import { buildApp, type ServerApp } from './http/server-app';
import { resolveJwtSecret } from './modules/auth/jwt-secret';
import { startReportRollups } from './modules/reports/rollup-job';
import { AutoTransferJob } from './modules/transfers/auto-transfer-job';
import { ensurePlatformDefaults } from './modules/settings/platform-settings';
import { DEMO_PASSWORD, DEMO_SLUG, DEMO_USERS, currentDemoIntegrationToken, seedDemoTenant } from './modules/tenants/demo-seed';
import { prepareStoredSecrets } from './security/stored-secrets';
import { countTenants, findTenantBySlug, isTenantSlugTaken } from './modules/tenants/tenant-store';

export interface StartOptions {
  config?: Partial<Config>;
  /** 0 picks a free port. */
  port?: number;
  /** Seed the demo tenant even on a PostgreSQL server (`--demo`). */
  demo?: boolean;
  /** An open database to use (and leave open on close); otherwise one is opened from the config. */
  database?: Database;
  services?: Partial<ServerServices>;
  /** No start banner (tests). */
  quiet?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  app: ServerApp;
  /** Automatic transfers (lack of response, attendant removed); null when AUTO_TRANSFER_INTERVAL_MS is 0. */
  autoTransfers: AutoTransferJob | null;
  close(): Promise<void>;
}

/** The automatic transfers on the sync engine's bus, so moved tickets reach every connected console. */
function startAutoTransfers(app: ServerApp, database: Database): AutoTransferJob | null {
  const { sync, logger } = app.deps.services;
  if (!sync || app.deps.config.autoTransferIntervalMs === 0) return null;
  const job = new AutoTransferJob({
    database,
    pubsub: sync.pubsub,
    intervalMs: app.deps.config.autoTransferIntervalMs,
    onError: (error) => logger.error({ err: error }, 'auto-transfer'),
  });
  job.start();
  return job;
}

/** An empty embedded database gets the demo tenant; a server database only when asked (`--demo`). */
async function seedDemoIfWanted(database: Database, app: ServerApp, jwtSecret: string, demo: boolean): Promise<void> {
  const wanted = demo || (database.kind === 'pglite' && (await countTenants(database)) === 0);
  if (!wanted || (await isTenantSlugTaken(database.db, DEMO_SLUG))) return;
  await seedDemoTenant(database, app.deps.services.passwords, jwtSecret);
}

/** The banner's line about the sandbox, when it is on (it is public: anyone reaches its connections). */
export function sandboxBannerLine(config: Pick<Config, 'sandboxEnabled' | 'production'>, url: string): string | null {
  if (!config.sandboxEnabled) return null;
  const where = config.production ? 'ATIVO EM PRODUÇÃO (SANDBOX_ENABLED=true)' : 'ativo (ferramenta de teste; SANDBOX_ENABLED=false desliga)';
  return `Sandbox do WhatsApp ${where}: ${url}/sandbox`;
}

async function printBanner(url: string, database: Database, jwtSecret: string, config: Config): Promise<void> {
  const lines = [`PedBot em ${url}`];
  const sandbox = sandboxBannerLine(config, url);
  if (sandbox) lines.push(sandbox);
  if (await findTenantBySlug(database.db, DEMO_SLUG)) {
    lines.push(`Loja de demonstração: ${url}/${DEMO_SLUG}`, `Contas de demonstração (senha ${DEMO_PASSWORD}):`);
    for (const user of DEMO_USERS) lines.push(`  ${user.email.padEnd(18)} ${user.name} (${user.role})`);
    const token = await currentDemoIntegrationToken(database, jwtSecret);
    if (token) lines.push(`Token de integração (admin@demo.local): ${token}`);
  }
  console.log(lines.join('\n'));
}

/** Opens the database (migrating it), seeds the demo when due, and listens. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const overrides: Partial<Config> = { ...options.config, ...(options.port === undefined ? {} : { port: options.port }) };
  const config = loadConfig(process.env, overrides);
  const publicUrlGiven = overrides.publicUrl !== undefined || Boolean(process.env.PUBLIC_URL);
  let database = options.database;
  if (!database) {
    if (!config.databaseUrl) await mkdir(config.pgliteDir, { recursive: true });
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  }
  const ownedDatabase = options.database ? null : database;
  let startedJobs: ServerServices['jobs'];
  let builtApp: ServerApp | undefined;
  try {
    const jwtSecret = await resolveJwtSecret(config);
    await ensurePlatformDefaults(database, config);
    const app = (builtApp = await buildApp({ config: { ...config, jwtSecret }, database, services: options.services }));
    // Before anything reads or writes a secret: a wrong key stops the start; plaintext left from before is sealed.
    await prepareStoredSecrets(database, app.deps.services.secrets, app.deps.services.logger);
    await seedDemoIfWanted(database, app, jwtSecret, options.demo ?? config.demo);
    // Before listening: a request may send a job; and jobs due while the server was down run now.
    startedJobs = app.deps.services.jobs;
    await startedJobs?.start();
    await app.fastify.listen({ port: config.port, host: config.host });
    const { port } = app.fastify.server.address() as AddressInfo;
    const url = `http://localhost:${port}`;
    // Reset links must point at the port actually opened when PUBLIC_URL was not given.
    if (!publicUrlGiven) app.deps.config.publicUrl = url;
    if (!options.quiet) await printBanner(url, database, jwtSecret, app.deps.config);
    const autoTransfers = startAutoTransfers(app, database);
    const reportRollups = startReportRollups(database, app.deps.config, app.deps.services.logger);
    return {
      url,
      port,
      database,
      app,
      autoTransfers,
      close: async () => {
        await autoTransfers?.stop();
        await reportRollups?.stop();
        await app.deps.services.jobs?.stop();
        await closeHttp(app.fastify);
        await ownedDatabase?.close();
      },
    };
  } catch (error) {
    await startedJobs?.stop();
    await builtApp?.fastify.close();
    await ownedDatabase?.close();
    throw error;
  }
}

/** Stops cleanly on Ctrl+C or a service manager's TERM. */
export function closeOnSignals(server: RunningServer): void {
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  closeOnSignals(await startServer({ demo: process.argv.includes('--demo') }));
}
