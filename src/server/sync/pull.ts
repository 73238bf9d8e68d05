import type { Database } from '../db/database';
import { checkpointFromCursor, type Checkpoint, type Cursor } from './checkpoint';
import type { FeedCollection, FeedRow, FeedScope, SyncDocument } from './collections/feed';
import { canSeeAudience, transformRow, type SyncViewer } from './visibility';

export interface PullBulk<Doc> {
  readonly documents: Doc[];
  checkpoint: Checkpoint | null;
  resync: boolean;
  /**
   * The documents selecting exactly `fields`, and the same as one JSON array, when the feed's rows
   * carry their JSON with those keys in that order (FeedCollection.jsonFields); null otherwise.
   */
  prebuilt?(fields: readonly string[]): PrebuiltDocuments | null;
}

export interface PrebuiltDocuments {
  documents: unknown[];
  json: string;
}

/** A pulled entry: a visible row passed on as it is, or a tombstone made for the viewer. */
type Entry<Doc extends SyncDocument> = { row: FeedRow<Doc> } | { doc: Doc };

/** `doc` as a selection of exactly `fields` (a missing field answers null, as GraphQL would). */
function selected(doc: SyncDocument, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = (doc as unknown as Record<string, unknown>)[field] ?? null;
  return out;
}

function pulledBulk<Doc extends SyncDocument>(feed: FeedCollection<Doc>, entries: Entry<Doc>[], checkpoint: Checkpoint | null): PullBulk<Doc> {
  let documents: Doc[] | undefined;
  return {
    get documents() {
      return (documents ??= entries.map((entry) => ('row' in entry ? entry.row.doc : entry.doc)));
    },
    checkpoint,
    resync: false,
    prebuilt(fields) {
      if (fields !== feed.jsonFields) return null;
      const docs: unknown[] = [];
      const texts: string[] = [];
      for (const entry of entries) {
        if ('row' in entry && entry.row.json !== undefined) {
          docs.push(entry.row.doc);
          texts.push(entry.row.json);
        } else {
          const doc = selected('row' in entry ? entry.row.doc : entry.doc, fields);
          docs.push(doc);
          texts.push(JSON.stringify(doc));
        }
      }
      return { documents: docs, json: `[${texts.join(',')}]` };
    },
  };
}

export const MAX_PULL_LIMIT = 1000;
/** How many feed batches one pull may scan looking for rows this viewer sees. */
const MAX_BATCHES = 10;

/** The id of the marker that closes a page ending on skipped rows; no row has it (ids start at 1). */
export const PAGE_MARKER_ID = '0';

/**
 * A pull (RxDB's masterChangesSince): the viewer's documents after `from`, at most `limit`.
 * Rows the viewer may not see are skipped, so a pull scans further batches to fill the answer.
 * When it stopped on skipped rows, a neutral tombstone of id "0" closes the page: RxDB only
 * stores a checkpoint that came with documents, and would otherwise rescan them on every pull.
 */
export async function pullFeed<Doc extends SyncDocument>(
  database: Database,
  feed: FeedCollection<Doc>,
  scope: FeedScope,
  viewer: SyncViewer,
  from: Cursor,
  fromCheckpoint: Checkpoint | null,
  limit: number,
): Promise<PullBulk<Doc>> {
  const size = Math.max(1, Math.min(MAX_PULL_LIMIT, Math.floor(limit)));
  return database.withTenant(scope.tenantId, async (tx) => {
    const entries: Entry<Doc>[] = [];
    let cursor = from;
    let lastSkipped: Doc | null = null;
    for (let batch = 0; batch < MAX_BATCHES && entries.length < size; batch++) {
      const rows = await feed.read(tx, scope, cursor, size);
      for (const row of rows) {
        cursor = row.cursor;
        // A visible row goes out as it is, so its document need not be parsed here.
        const doc = canSeeAudience(row.audience, viewer) ? row : transformRow(feed, row, viewer, from);
        if (doc) {
          entries.push(doc === row ? { row } : { doc: doc as Doc });
          lastSkipped = null;
          if (entries.length === size) break;
        } else {
          lastSkipped = feed.neutral(PAGE_MARKER_ID, row.doc.updatedAt);
        }
      }
      if (rows.length < size) break;
    }
    if (lastSkipped) entries.push({ doc: lastSkipped });
    return pulledBulk(feed, entries, cursor === from ? fromCheckpoint : checkpointFromCursor(cursor));
  });
}
