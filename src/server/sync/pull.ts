import type { Database } from '../db/database';
import { checkpointFromCursor, type Checkpoint, type Cursor } from './checkpoint';
import type { FeedCollection, FeedScope, SyncDocument } from './collections/feed';
import { transformRow, type SyncViewer } from './visibility';

export interface PullBulk<Doc> {
  documents: Doc[];
  checkpoint: Checkpoint | null;
  resync: boolean;
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
    const documents: Doc[] = [];
    let cursor = from;
    let lastSkipped: Doc | null = null;
    for (let batch = 0; batch < MAX_BATCHES && documents.length < size; batch++) {
      const rows = await feed.read(tx, scope, cursor, size);
      for (const row of rows) {
        cursor = row.cursor;
        const doc = transformRow(feed, row, viewer, from);
        if (doc) {
          documents.push(doc);
          lastSkipped = null;
          if (documents.length === size) break;
        } else {
          lastSkipped = feed.neutral(PAGE_MARKER_ID, row.doc.updatedAt);
        }
      }
      if (rows.length < size) break;
    }
    if (lastSkipped) documents.push(lastSkipped);
    return {
      documents,
      checkpoint: cursor === from ? fromCheckpoint : checkpointFromCursor(cursor),
      resync: false,
    };
  });
}
