/**
 * What IndexedDB itself costs per message-shaped document in this machine's Chromium, outside RxDB:
 * the floor under the initial sync's applied rate (client-sync-browser.ts). 10,000 documents put in
 * transactions of 1,000, with the indexes RxDB's Dexie storage gives `customerchats` (its two, plus
 * `[_deleted+id]`, `[_meta.lwt+id]` and the cleanup's `[_meta.lwt]`), with the two of ours alone, and
 * with none. Printed per document: the page's own time inside `put()` (cloning the value, extracting
 * the index keys) and the time until the transactions committed (the browser process's writing
 * included), median of 4 rounds alternated.
 *
 *   npx tsx tests/bench/indexeddb-put.ts [documents=10000]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';

const DOCUMENTS = Number(process.argv[2] ?? 10_000);
const ROUNDS = 4;

const INDEX_SETS: Record<string, Array<string | string[]>> = {
  "RxDB's five (as stored today)": [['_deleted', 'id'], ['_deleted', 'customer_id', 'instance_id', 'sort_key', 'id'], ['_deleted', 'ticket_key', 'id'], ['_meta.lwt', 'id'], '_meta.lwt'],
  'the conversation and ticket ones only': [['_deleted', 'customer_id', 'instance_id', 'sort_key', 'id'], ['_deleted', 'ticket_key', 'id']],
  'none (primary key only)': [],
};

// Runs in the page: plain statements only (tsx would wrap named inner functions in a helper the page lacks).
const PAGE = `<!doctype html><html><body><script>
window.measure = async (indexes, total, name) => {
  await new Promise((resolve) => { const r = indexedDB.deleteDatabase(name); r.onsuccess = r.onerror = resolve; });
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => { const store = open.result.createObjectStore('docs', { keyPath: 'id' }); indexes.forEach((k, j) => store.createIndex('i' + j, k)); };
    open.onsuccess = () => resolve(open.result);
    open.onerror = reject;
  });
  const docs = [];
  for (let i = 0; i < total; i++) {
    const ticket = String(9000 + (i % 1000));
    docs.push({ id: String(1000000 + i), ack: 3, customer_id: String(5000 + (i % 1000)), chat_ticket_id: ticket, hash: 'a3f1c2d4e5b6a7c8d9e0f1a2b3c4d5e6f7a8b9c0' + i,
      type: 'chat', message: 'Olá, tudo bem? Gostaria de saber do meu pedido número ' + i, sent_at: '2026-11-2' + (i % 9) + 'T12:34:56.789Z', instance_id: '1',
      whatsapp_message_id: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFjNFQjBDMEI1RjA0' + i, user_sending_id: '3', updatedAt: 1795812055302 + i,
      is_bot_message: false, is_temp: false, unseen_msg: false, off_customer_chat: false, recovered: false, is_research: false, from_me: i % 2 === 0,
      ticket_key: ticket, sort_key: String(99999999999 - i).padStart(28, '0') + 'abcdefghijklmnop',
      _deleted: '0', _rev: '1-abcdefghij', _meta: { lwt: 1795812055302.01 + i }, _attachments: {} });
  }
  let inPut = 0;
  const started = performance.now();
  for (let from = 0; from < total; from += 1000) {
    const tx = db.transaction('docs', 'readwrite');
    const store = tx.objectStore('docs');
    const t0 = performance.now();
    for (let i = from; i < Math.min(total, from + 1000); i++) store.put(docs[i]);
    inPut += performance.now() - t0;
    await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = reject; });
  }
  const committed = performance.now() - started;
  db.close();
  return { putUs: (inPut / total) * 1000, committedUs: (committed / total) * 1000 };
};
</script></body></html>`;

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
  const results = new Map<string, Array<{ putUs: number; committedUs: number }>>();
  for (let round = 0; round < ROUNDS; round++) {
    const names = Object.keys(INDEX_SETS);
    for (const name of round % 2 === 0 ? names : names.reverse()) {
      const figures = await page.evaluate(
        ([indexes, total, db]) => (window as unknown as { measure: (i: unknown, t: number, n: string) => Promise<{ putUs: number; committedUs: number }> }).measure(indexes, total, db),
        [INDEX_SETS[name], DOCUMENTS, `bench-${round}-${name.length}`] as const,
      );
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
