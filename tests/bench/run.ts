/**
 * `npm run bench`: runs every benchmark script in tests/bench/ (files named *.bench.ts or listed
 * below) one after the other and prints their figures. Each script prints its own table.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.startsWith('_'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', dir + script], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.log(`(${script} exited with ${result.status})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
