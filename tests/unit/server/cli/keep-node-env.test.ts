import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { keepNodeEnv } from '../../../../src/server/cli/keep-node-env';

/** `npm start` builds the app in its own process before the server reads NODE_ENV (src/server/cli/start.ts). */
describe('the app build before the server starts', () => {
  const before = process.env.NODE_ENV;
  const dirs: string[] = [];
  afterEach(async () => {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  const tinyBuild = async () => {
    const root = await mkdtemp(join(tmpdir(), 'pedbot-build-'));
    dirs.push(root);
    await writeFile(join(root, 'index.html'), '<!doctype html><script type="module">document.title = "ok";</script>');
    await build({ root, configFile: false, logLevel: 'silent', build: { outDir: join(root, 'dist') } });
  };

  it('leaves an unset NODE_ENV unset, which a bare Vite build does not', async () => {
    delete process.env.NODE_ENV;
    await tinyBuild();
    expect(process.env.NODE_ENV).toBe('production');

    delete process.env.NODE_ENV;
    await keepNodeEnv(tinyBuild);
    expect(process.env.NODE_ENV).toBeUndefined();
  });

  it('keeps a NODE_ENV that was set, even when the build fails', async () => {
    process.env.NODE_ENV = 'development';
    await expect(
      keepNodeEnv(async () => {
        process.env.NODE_ENV = 'production';
        throw new Error('build failed');
      }),
    ).rejects.toThrow('build failed');
    expect(process.env.NODE_ENV).toBe('development');
  });
});
