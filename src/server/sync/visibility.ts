import { ADMIN_ROLE } from '../../shared/domain/routes';
import { canSeeTicket, type TicketSeeingViewer } from '../../shared/domain/tickets';
import type { Cursor } from './checkpoint';
import type { Audience, FeedCollection, FeedRow, SyncDocument } from './collections/feed';

/** Who reads a feed: the signed-in user's identity as far as visibility goes. */
export interface SyncViewer extends TicketSeeingViewer {
  userId: number;
  departmentId: number | null;
}

export const isAdministrator = (viewer: { roleName: string }): boolean => viewer.roleName === ADMIN_ROLE;

export function canSeeAudience(audience: Audience, viewer: SyncViewer): boolean {
  if (audience === 'everyone' || isAdministrator(viewer)) return true;
  return audience.some((ticket) => canSeeTicket(ticket, viewer));
}

/**
 * Step 3 (DESIGN §4): visibility as a transform. A row the viewer sees goes out as it is (a
 * server deletion as a full tombstone). A row the viewer cannot see goes out as a neutral
 * tombstone if who-may-see-it changed after the viewer's checkpoint `from` (the viewer may hold
 * it), and not at all otherwise (the viewer never had it).
 */
export function transformRow<Doc extends SyncDocument>(
  feed: FeedCollection<Doc>,
  row: FeedRow<Doc>,
  viewer: SyncViewer,
  from: Cursor,
): Doc | null {
  if (canSeeAudience(row.audience, viewer)) return row.doc;
  // A first pull (no checkpoint) holds nothing that could need removing.
  if (from.position > 0 && row.visXid > from.position) return feed.neutral(row.doc.id, row.doc.updatedAt);
  return null;
}
