/**
 * IndexedDB alone in the benches' Chromium: message-shaped documents put in transactions of 1,000,
 * each committed before the next, with a chosen set of indexes. indexeddb-put.ts compares index
 * sets with it; client-sync-browser.ts prints it beside the applied rate as the same run's floor.
 */
import type { Page } from 'playwright-core';

/** The indexes of `customerchats` in a database created since session 31 (local-write-range.ts): the conversation's and the ticket's. */
export const CUSTOMERCHATS_INDEXES: Array<string | string[]> = [
  ['_deleted', 'customer_id', 'instance_id', 'sort_key', 'id'],
  ['_deleted', 'ticket_key', 'id'],
];

/** As databases created in session 30 keep them: the primary-key walk as well. */
export const SESSION_30_CUSTOMERCHATS_INDEXES: Array<string | string[]> = [['_deleted', 'id'], ...CUSTOMERCHATS_INDEXES];

/** RxDB's Dexie storage's indexes of `customerchats`, as databases created before session 30 keep them: the write-time ones as well. */
export const RXDB_CUSTOMERCHATS_INDEXES: Array<string | string[]> = [...SESSION_30_CUSTOMERCHATS_INDEXES, ['_meta.lwt', 'id'], '_meta.lwt'];

export interface PutFigures {
  /** The page's own time inside `put()` (cloning the value, extracting the index keys), per document. */
  putUs: number;
  /** Until the transactions committed (the browser process's writing included), per document. */
  committedUs: number;
}

// Runs in the page, as source text: plain statements only (tsx would wrap named inner functions in a helper the page lacks).
export const MEASURE_PUTS = `async (indexes, total, name) => {
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
  await new Promise((resolve) => { const r = indexedDB.deleteDatabase(name); r.onsuccess = r.onerror = resolve; });
  return { putUs: (inPut / total) * 1000, committedUs: (committed / total) * 1000 };
}`;

/** Measures on `page` (any page of an origin; the database `name` is deleted before and after). */
export function measurePuts(page: Page, indexes: Array<string | string[]>, total: number, name: string): Promise<PutFigures> {
  return page.evaluate(`(${MEASURE_PUTS})(${JSON.stringify(indexes)}, ${total}, ${JSON.stringify(name)})`) as Promise<PutFigures>;
}
