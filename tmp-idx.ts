import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { MEASURE_PUTS, CUSTOMERCHATS_INDEXES } from './tests/bench/_indexeddb-floor';
const src = MEASURE_PUTS.replace('ticket_key: ticket,', "ticket_key: ticket, conv_key: String(5000 + (i % 1000)) + '|1|' + String(99999999999 - i).padStart(28, '0') + 'abcdefghijklmnop',");
const sets: Record<string, unknown[]> = {
  five: CUSTOMERCHATS_INDEXES,
  four: CUSTOMERCHATS_INDEXES.slice(0, 3),
  ours: [['_deleted', 'customer_id', 'instance_id', 'sort_key', 'id'], ['_deleted', 'ticket_key', 'id']],
};
const server = createServer((_q, r) => { r.setHeader('content-type', 'text/html'); r.end('<!doctype html><html></html>'); });
await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await (await browser.newContext()).newPage();
await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
const res: Record<string, number[]> = {};
for (let r = 0; r < 16; r++) { const names = Object.keys(sets); for (const n of r % 2 ? names.reverse() : names) {
  const f = (await page.evaluate(`(${src})(${JSON.stringify(sets[n])}, 10000, 'x${r}${n}')`)) as { putUs: number; committedUs: number };
  (res[n] ??= []).push(f.committedUs);
} }
for (const [k, v] of Object.entries(res)) { v.sort((a, b) => a - b); console.log(k.padEnd(8), v.map((x) => x.toFixed(0)).join(','), 'docs/s median', Math.round(1e6 / ((v[7]! + v[8]!) / 2))); }
await browser.close(); server.close();
