/**
 * What IndexedDB itself costs per message-shaped document in this machine's Chromium, outside RxDB:
 * the floor under the initial sync's applied rate (client-sync-browser.ts). 10,000 documents put in
 * transactions of 1,000, with the indexes RxDB's Dexie storage gives `customerchats` (its two, plus
 * `[_deleted+id]`, `[_meta.lwt+id]` and the cleanup's `[_meta.lwt]`), without the two write-time ones
 * (the store as created in session 30), with the two of ours alone (as created since session 31),
 * and with none. Printed per document: the page's own time inside `put()` (cloning the value, extracting
 * the index keys) and the time until the transactions committed (the browser process's writing
 * included), median of 4 rounds alternated.
 *
 *   npx tsx tests/bench/indexeddb-put.ts [documents=10000]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { CUSTOMERCHATS_INDEXES, RXDB_CUSTOMERCHATS_INDEXES, SESSION_30_CUSTOMERCHATS_INDEXES, measurePuts, type PutFigures } from './_indexeddb-floor';

const DOCUMENTS = Number(process.argv[2] ?? 10_000);
const ROUNDS = 4;

const INDEX_SETS: Record<string, Array<string | string[]>> = {
  "RxDB's five (databases created before session 30)": RXDB_CUSTOMERCHATS_INDEXES,
  'without the write-time ones (session 30)': SESSION_30_CUSTOMERCHATS_INDEXES,
  'the conversation and ticket ones (created since session 31)': CUSTOMERCHATS_INDEXES,
  'none (primary key only)': [],
};

const PAGE = `<!doctype html><html><body></body></html>`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const server = createServer((_request, response) => {
  response.setHeader('content-type', 'text/html');
  response.end(PAGE);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const results = new Map<string, PutFigures[]>();
  for (let round = 0; round < ROUNDS; round++) {
    const names = Object.keys(INDEX_SETS);
    for (const name of round % 2 === 0 ? names : names.reverse()) {
      const figures = await measurePuts(page, INDEX_SETS[name]!, DOCUMENTS, `bench-${round}-${name.length}`);
      results.set(name, [...(results.get(name) ?? []), figures]);
    }
  }
  console.log(`machine load average (1 min): ${loadavg()[0]!.toFixed(1)}; ${DOCUMENTS} message-shaped documents, 1,000 per transaction, median of ${ROUNDS}`);
  console.table(
    [...results].map(([indexes, runs]) => ({
      indexes,
      'page µs per document (inside put)': Number(median(runs.map((r) => r.putUs)).toFixed(1)),
      'µs per document until committed': Number(median(runs.map((r) => r.committedUs)).toFixed(1)),
      'documents/s': Math.round(1e6 / median(runs.map((r) => r.committedUs))),
    })),
  );
} finally {
  await browser.close();
  server.close();
}
