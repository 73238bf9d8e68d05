import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests: the built app (dist/) on the real server, driven in Debian's Chromium. */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    // One worker process for every file: each file's own imports (playwright, the app's and the server's modules)
    // are loaded once instead of 19 times.
    isolate: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
