/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const postgresUrl = process.env.PEDBOT_TEST_DATABASE_URL;
const CONVERGENCE_FILES = ['tests/integration/client/convergence*.test.ts'];

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
    // Database tests run on embedded PGlite always, and again on the PostgreSQL server when .ci/run
    // (or a developer) names one in PEDBOT_TEST_DATABASE_URL.
    //
    // Files run one at a time: on two cores, timing-bound tests (crash recovery, messaging limits) failed beside
    // another file. The convergence files first, two at a time: they wait for eventual states, not deadlines, and
    // are the longest (about 5 of the run's 22 minutes on their own).
    projects: [
      {
        extends: true as const,
        test: {
          name: 'convergence',
          include: CONVERGENCE_FILES,
          env: { DATABASE_URL: '' },
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true as const,
        test: {
          name: 'pglite',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
          exclude: CONVERGENCE_FILES,
          env: { DATABASE_URL: '' },
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: ['tests/unit/server/**/*.test.ts', 'tests/integration/server/**/*.test.ts', 'tests/integration/channels/**/*.test.ts'],
                env: { DATABASE_URL: postgresUrl },
                maxWorkers: 1,
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
    ],
  },
});
