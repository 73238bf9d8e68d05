import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../../src/server/main';
import { currentDemoIntegrationToken } from '../../../src/server/modules/tenants/demo-seed';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The demo admin's integration token, for redirect?token=… */
    integrationToken: string;
  }
}

/** One real server for all browser tests: the demo tenant on a fresh embedded database, serving dist/. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const staticDir = join(project.config.root, 'dist');
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('dist/ is missing: run `vite build` first (npm run test:e2e does).');
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-e2e-'));
  // Warnings and errors only: the request log of a whole browser run would bury a failure's cause.
  const server = await startServer({ port: 0, demo: true, quiet: true, config: { dataDir, staticDir, logLevel: 'warn' } });
  project.provide('baseUrl', server.url);
  const { jwtSecret } = server.app.deps.config;
  project.provide('integrationToken', (jwtSecret && (await currentDemoIntegrationToken(server.database, jwtSecret))) || '');
  return async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
