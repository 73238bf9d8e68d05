/**
 * `npm run bench`: runs every benchmark script in tests/bench/ (files named *.bench.ts or listed
 * below) one after the other and prints their figures. Each script prints its own table.
 *
 *   npm run bench -- reports-queries 100000 1000000
 *
 * Words pick the scripts whose file name contains one of them; numbers are the sizes, passed on in
 * order to each picked script (its header says what they mean).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const isSize = (arg: string) => /^\d+$/.test(arg);
const only = args.filter((a) => !isSize(a));
const sizes = args.filter(isSize);
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', dir + script, ...sizes], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.log(`(${script} exited with ${result.status})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
