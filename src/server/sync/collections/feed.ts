import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../../db/database';
import type { TicketLike } from '../../../shared/domain/tickets';
import type { CollectionName } from '../changes';
import type { Cursor } from '../checkpoint';

export interface FeedScope {
  tenantId: number;
  instanceId: number;
}

/**
 * Through which tickets a viewer sees a row: 'everyone' (settings), the row's own ticket (a
 * ticket, a message, a reaction) or its customer's tickets on the connection (a customer).
 * An empty list means only administrador sees it.
 */
export type Audience = 'everyone' | readonly TicketLike[];

export interface SyncDocument {
  id: string;
  updatedAt: number;
  _deleted: boolean;
}

export interface FeedRow<Doc extends SyncDocument> {
  cursor: Cursor;
  /** The live document; `_deleted` when the row was deleted on the server. */
  readonly doc: Doc;
  /** The document as the database wrote it in JSON, keys in the feed's `jsonFields` order. */
  json?: string;
  /** The transaction that last changed who may see the row (0: never changed). */
  visXid: number;
  audience: Audience;
}

/** One replicated collection's change feed (DESIGN §4) and its tombstone shape. */
export interface FeedCollection<Doc extends SyncDocument> {
  name: CollectionName;
  /** Step 2: rows changed after `after`, committed below the oldest running transaction, in (position, id) order. */
  read(tx: Tx, scope: FeedScope, after: Cursor, limit: number): Promise<FeedRow<Doc>[]>;
  /** A tombstone revealing nothing but the id. */
  neutral(id: string, updatedAt: number): Doc;
  /** Set when every row carries its document's JSON text (`FeedRow.json`) with these keys in this order. */
  jsonFields?: readonly string[];
}

/**
 * A row whose document the database built as JSON: parsed only when something reads `doc`, so
 * that a pull can pass the text on as it is (graphql/prebuilt-pull-documents.ts).
 */
export function jsonFeedRow<Doc extends SyncDocument>(cursor: Cursor, json: string, visXid: number, audience: Audience): FeedRow<Doc> {
  let doc: Doc | undefined;
  return {
    cursor,
    json,
    visXid,
    audience,
    get doc() {
      return (doc ??= JSON.parse(json) as Doc);
    },
  };
}

/** `(alias.change_xid, alias.id) > cursor`: keyset on the feed index. */
export const afterCursor = (alias: string, cursor: Cursor): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(`${alias}.change_xid`)}, ${sql.ref(`${alias}.id`)}) > (${String(cursor.position)}::xid8, ${cursor.id}::bigint)`;

/**
 * Only rows whose writing transaction is below the oldest one still in flight: they are all
 * committed, and no row can later commit with a lower change_xid, so a checkpoint taken after
 * them never skips a row (DESIGN §4).
 */
export const committedBelowXmin = (alias: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(`${alias}.change_xid`)} < pg_snapshot_xmin(pg_current_snapshot())`;

export const cursorOf = (row: { id: number; position: string }): Cursor => ({ position: Number(row.position), id: row.id });

/** The ticket fields visibility reads, from a joined row (`t_` columns) or a JSON aggregate. */
export interface TicketAudienceFields {
  t_id: number | null;
  t_user_id: number | null;
  t_inbox: boolean | null;
  t_inbox_department_id: number | null;
  t_finished_ticket: boolean | null;
}

export const audienceOfJoinedTicket = (row: TicketAudienceFields): Audience =>
  row.t_id === null
    ? []
    : [
        {
          id: row.t_id,
          user_id: row.t_user_id,
          inbox: row.t_inbox ?? false,
          inbox_department_id: row.t_inbox_department_id,
          finished_ticket: row.t_finished_ticket ?? false,
        },
      ];
