/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { storedScreenScript } from './src/app/boot/stored-screen/build-plugin';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const postgresUrl = process.env.PEDBOT_TEST_DATABASE_URL;
const CONVERGENCE_FILES = ['tests/integration/client/convergence.test.ts', 'tests/integration/client/convergence-2.test.ts'];
const CLIENT_FILES = ['tests/unit/app/**/*.test.{ts,tsx}', 'tests/integration/client/**/*.test.ts'];
// The convergence model (about a quarter of either convergence file) runs beside the other files, not after those two.
const ISOLATED_FILES = ['tests/unit/app/data/database.test.ts', 'tests/integration/client/convergence-model.test.ts'];
const POSTGRES_FILES = ['tests/unit/server/**/*.test.ts', 'tests/integration/server/**/*.test.ts', 'tests/integration/channels/**/*.test.ts'];
const SERVER_FILES = ['tests/unit/shared/**/*.test.ts', ...POSTGRES_FILES];
const SERIAL_FILES = ['tests/integration/server/crash-recovery.test.ts', 'tests/integration/channels/messaging-limit.test.ts', 'tests/integration/server/stream.test.ts'];

interface TestProject {
  name: string;
  include: string[];
  exclude?: string[];
  /** Empty: embedded PGlite. */
  databaseUrl?: string;
  /** Groups run one after the other, lowest first; the projects of a group share its workers. */
  group: number;
  workers: number;
  isolate?: boolean;
}

const project = ({ name, include, exclude = [], databaseUrl = '', group, workers, isolate = false }: TestProject) => ({
  extends: true as const,
  test: { name, include, exclude, env: { DATABASE_URL: databaseUrl }, isolate, maxWorkers: workers, sequence: { groupOrder: group } },
});

/**
 * The web app manifest is a top-level file of the repository (vite-plugin-pwa's `manifest` is off):
 * served as is in development and emitted into the build, where the precache picks it up.
 */
function webManifest(): Plugin {
  const file = root('./manifest.webmanifest');
  return {
    name: 'pedbot-web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('content-type', 'application/manifest+json');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: readFileSync(file, 'utf8') });
    },
  };
}

export default defineConfig({
  root: root('./src/app'),
  publicDir: root('./public'),
  base: '/',
  plugins: [
    react(),
    webManifest(),
    storedScreenScript(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: root('./sw'),
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
      },
    }),
  ],
  build: { outDir: root('./dist'), emptyOutDir: true, sourcemap: true },
  server: { port: 5173 },
  test: {
    root: root('.'),
    globalSetup: ['tests/helpers/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // Database tests run on embedded PGlite always, and again on the PostgreSQL server when .ci/run
    // (or a developer) names one in PEDBOT_TEST_DATABASE_URL.
    //
    // Three groups, one after the other. The two convergence files first, side by side: they wait for eventual
    // states, not deadlines, and are the longest. Then everything else, two files at a time. Last, one at a time,
    // the timing-bound files that failed beside another file on two cores (a killed server's recovery within its
    // deadline, the messaging limits, one read per change however many subscribers).
    //
    // Files of a project share one process and its loaded modules (isolate: false): loading the module graph
    // anew for each file cost about a second per file, a third of the run. Server state therefore lives per
    // database or per server, never per process. Files that install something process-wide for good (RxDB's
    // dev-mode plugin) run isolated.
    projects: [
      project({ name: 'convergence', include: CONVERGENCE_FILES, group: 0, workers: 2, isolate: true }),
      project({ name: 'client', include: CLIENT_FILES, exclude: [...CONVERGENCE_FILES, ...ISOLATED_FILES], group: 1, workers: 2 }),
      project({ name: 'isolated', include: ISOLATED_FILES, group: 1, workers: 2, isolate: true }),
      project({ name: 'pglite', include: SERVER_FILES, exclude: SERIAL_FILES, group: 1, workers: 2 }),
      project({ name: 'pglite-serial', include: SERIAL_FILES, group: 2, workers: 1 }),
      ...(postgresUrl
        ? [
            project({ name: 'postgres', include: POSTGRES_FILES, exclude: SERIAL_FILES, databaseUrl: postgresUrl, group: 1, workers: 2 }),
            project({ name: 'postgres-serial', include: SERIAL_FILES, databaseUrl: postgresUrl, group: 2, workers: 1 }),
          ]
        : []),
    ],
  },
});
