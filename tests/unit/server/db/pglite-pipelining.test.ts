import { describe, expect, it } from 'vitest';
import type { PgliteEngine } from '../../../../src/server/db/pglite-engine';
import { PglitePool } from '../../../../src/server/db/pglite-pool';

/** An engine whose answers wait until the test gives them, in the order the statements were sent. */
function heldEngine() {
  const sent: string[] = [];
  const answers: Array<{ sql: string; answer: (error?: Error, affectedRows?: number) => void }> = [];
  const engine = {
    query: (sql: string) =>
      new Promise((resolve, reject) => {
        sent.push(sql);
        answers.push({ sql, answer: (error, affectedRows = 0) => (error ? reject(error) : resolve({ rows: [{ sql }], affectedRows })) });
      }),
    exec: () => Promise.resolve([]),
  } as unknown as PgliteEngine;
  const answerNext = (error?: Error, affectedRows?: number) => answers.shift()!.answer(error, affectedRows);
  return { engine, sent, answerNext };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the embedded session sends a transaction\'s opening statements without waiting for their answers', () => {
  it('goes on after a BEGIN and a RESULT_UNREAD statement at once, and answers the next statement only after theirs', async () => {
    const { engine, sent, answerNext } = heldEngine();
    const client = await new PglitePool(engine, false).connect();
    await client.query('begin', []);
    await client.query("/* prepared */ /* result unread */ select set_config('app.tenant_id', $1, true)", ['7']);
    let answered = false;
    const read = client.query('select 1', []).then((result) => {
      answered = true;
      return result;
    });
    await settle();
    expect(sent).toHaveLength(3);
    answerNext();
    answerNext();
    answerNext();
    expect((await read).rows).toEqual([{ sql: 'select 1' }]);
    expect(answered).toBe(true);
    client.release();
  });

  it('fails the statement after one whose answer it did not wait for, when that one failed', async () => {
    const { engine, answerNext } = heldEngine();
    const client = await new PglitePool(engine, false).connect();
    await client.query('begin', []);
    const read = client.query('select 1', []);
    answerNext(new Error('begin failed'));
    answerNext();
    await expect(read).rejects.toThrow('begin failed');
    client.release();
  });

  it('counts a write it did not wait for once its answer comes, for the table maintenance', async () => {
    const { engine, answerNext } = heldEngine();
    const pool = new PglitePool(engine, false);
    const writes: Array<[string, number]> = [];
    pool.onWrite = (kind, _sql, rows) => writes.push([kind, rows]);
    const client = await pool.connect();
    const update = '/* prepared */ /* result unread */ update chat_tickets set unseen_msg = unseen_msg + 1 where id = any($1)';
    expect((await client.query(update, [[1, 2, 3]])).rowCount).toBe(0);
    expect(writes).toEqual([]);
    const commit = client.query('commit', []);
    answerNext(undefined, 3);
    answerNext();
    await commit;
    expect(writes).toEqual([['UPDATE', 3]]);
    client.release();
  });

  it('waits for the answer of every other statement', async () => {
    const { engine, sent, answerNext } = heldEngine();
    const client = await new PglitePool(engine, false).connect();
    let done = false;
    const read = client.query('select 1', []).then(() => (done = true));
    await settle();
    expect(sent).toEqual(['select 1']);
    expect(done).toBe(false);
    answerNext();
    await read;
    expect(done).toBe(true);
    client.release();
  });
});
