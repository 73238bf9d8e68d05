import { isPickable, isOn, pickableInboxTicketId, type TicketLike } from '../../../shared/domain/tickets';
import type { Tx } from '../../db/database';
import { effectiveValue } from '../store-settings/setting-rows';
import type { SyncViewer } from '../../sync/visibility';
import type { TicketRow } from './ticket-document';

/**
 * pickableInboxChat for a page of tickets (SPEC §4): the shared rule decides whether an order is
 * imposed; if so, the oldest non-favorite (or, when favorites wait too, any) inbox ticket of the viewer's department is read with
 * one query rather than by loading the whole inbox.
 */
export async function pickableRule(tx: Tx, tenantId: number, instanceId: number, viewer: SyncViewer): Promise<(row: TicketRow) => boolean> {
  const [olderFirst, favoritesWait] = await Promise.all([
    effectiveValue(tx, tenantId, instanceId, 'older_inbox_chats_first'),
    effectiveValue(tx, tenantId, instanceId, 'older_inbox_chats_obligatorie_in_first'),
  ]);
  const settings = { older_inbox_chats_first: olderFirst, older_inbox_chats_obligatorie_in_first: favoritesWait };
  // With no candidates the shared rule tells whether any order is imposed at all.
  if (pickableInboxTicketId([], viewer, settings) === 'any') return () => true;
  const oldest = await tx
    .selectFrom('chat_tickets as t')
    .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 't.tenant_id').onRef('c.id', '=', 't.customer_id'))
    .select('t.id')
    .where('t.tenant_id', '=', tenantId)
    .where('t.instance_id', '=', instanceId)
    .where('t.inbox', '=', true)
    .where('t.finished_ticket', '=', false)
    .where('t.deleted_at', 'is', null)
    .where('t.inbox_department_id', '=', viewer.departmentId)
    .$if(!isOn(favoritesWait), (query) => query.where('c.is_favorite', '=', false))
    .orderBy('t.created_at')
    .orderBy('t.id')
    .limit(1)
    .executeTakeFirst();
  const pickable = oldest ? oldest.id : null;
  return (row) => isPickable(row as TicketLike, pickable);
}
