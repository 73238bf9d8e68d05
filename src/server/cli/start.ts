// `npm start [-- --demo]`: builds the app when dist/ is missing or older than its sources, then serves it.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';
import { loadConfig, projectRoot } from '../config';
import { closeOnSignals, startServer } from '../main';
import { keepNodeEnv } from './keep-node-env';

/** Everything the built app is made from. */
const SOURCES = ['src/app', 'src/shared', 'sw', 'public', 'manifest.webmanifest', 'vite.config.ts'];

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestMtime(join(path, entry))));
  return Math.max(0, ...times);
}

async function buildIfStale(staticDir: string): Promise<void> {
  const built = (await stat(join(staticDir, 'index.html')).catch(() => null))?.mtimeMs ?? 0;
  const sources = Math.max(...(await Promise.all(SOURCES.map((source) => newestMtime(join(projectRoot, source))))));
  if (built >= sources) return;
  console.log(built === 0 ? 'Compilando o app…' : 'Fontes mudaram: recompilando o app…');
  await keepNodeEnv(() => build({ configFile: join(projectRoot, 'vite.config.ts'), logLevel: 'warn', build: { outDir: staticDir } }));
}

await buildIfStale(loadConfig().staticDir);
closeOnSignals(await startServer({ demo: process.argv.includes('--demo') }));
