import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { CUSTOMERCHATS_INDEXES, measurePuts } from './tests/bench/_indexeddb-floor';
const SETS: Record<string, Array<string | string[]>> = {
  three: CUSTOMERCHATS_INDEXES,
  two: [['_deleted', 'customer_id', 'instance_id', 'sort_key', 'id'], ['_deleted', 'ticket_key', 'id']],
};
const server = createServer((_q, r) => { r.setHeader('content-type', 'text/html'); r.end('<!doctype html><html></html>'); });
await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await (await browser.newContext()).newPage();
await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
const res: Record<string, number[]> = { three: [], two: [] };
for (let round = 0; round < 16; round++) {
  const names = round % 2 ? ['two', 'three'] : ['three', 'two'];
  for (const n of names) { const f = await measurePuts(page, SETS[n]!, 10000, `ab-${round}-${n}`); res[n]!.push(1e6 / f.committedUs); }
}
for (const [n, v] of Object.entries(res)) { const s = [...v].sort((a, b) => a - b); console.log(n, 'median', Math.round(s[8]!), 'mean', Math.round(v.reduce((a, b) => a + b) / v.length)); }
const ratios = res.three!.map((t, i) => res.two![i]! / t).sort((a, b) => a - b);
console.log('paired ratio median', ratios[8]!.toFixed(3));
await browser.close(); server.close();
