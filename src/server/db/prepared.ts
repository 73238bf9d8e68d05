import { sql } from 'kysely';

const MARK = '/* prepared */';

/**
 * Marks a hot statement (the inbound pipeline's, the change feeds') to be kept prepared by the
 * session: parsed, analyzed, rewritten once and, after five runs, planned once if PostgreSQL finds
 * its generic plan as good (issue 4 benchmark: most of a small inbound batch's database time was
 * parsing and planning). Start a raw statement with it (sql`${PREPARED} select …`) or end a
 * builder's with `.modifyEnd(PREPARED)`.
 *
 * Only for statements of a fixed text (arrays, never lists of N placeholders) whose plan needs no
 * parameter value to be valid: a generic plan cannot see `$1 = false` in an ON CONFLICT … WHERE
 * that must match a partial index (write such a predicate literally, or leave the statement
 * unmarked).
 */
export const PREPARED = sql.raw(MARK);

export const isPrepared = (text: string): boolean => text.includes(MARK);

const UNREAD_MARK = '/* result unread */';

/**
 * Marks a statement whose result nobody reads (a transaction's tenant setting, an inbound batch's
 * ticket update): the embedded session sends it and goes on without waiting for its answer
 * (pglite-pool.ts). A failure still fails the statement after it.
 */
export const RESULT_UNREAD = sql.raw(UNREAD_MARK);

export const isResultUnread = (text: string): boolean => text.includes(UNREAD_MARK);
