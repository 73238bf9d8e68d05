import { sql } from 'kysely';
import { PREPARED } from '../../db/prepared';
import { neutralTicketDocument, ticketCategoryIds, type ChatTicketDocument } from '../../modules/tickets/ticket-document';
import { afterCursor, committedBelowXmin, cursorOf, type FeedCollection } from './feed';
import { ticketJson } from './json-documents';

export const chatTicketsFeed: FeedCollection<ChatTicketDocument> = {
  name: 'chattickets',
  async read(tx, scope, after, limit) {
    const rows = await tx
      .selectFrom('chat_tickets as t')
      .leftJoin('users as pu', (join) => join.onRef('pu.tenant_id', '=', 't.tenant_id').onRef('pu.id', '=', 't.previous_user_id'))
      .select([
        't.id',
        't.user_id',
        't.inbox',
        't.inbox_department_id',
        't.finished_ticket',
        sql<string>`t.change_xid::text`.as('position'),
        sql<string>`t.vis_xid::text`.as('vis'),
        ticketJson('t', sql.ref('pu.name')).as('doc'),
      ])
      .where('t.tenant_id', '=', scope.tenantId)
      .where('t.instance_id', '=', scope.instanceId)
      .where(afterCursor('t', after))
      .where(committedBelowXmin('t'))
      .orderBy('t.change_xid')
      .orderBy('t.id')
      .limit(limit)
      .modifyEnd(PREPARED)
      .execute();
    const categories = await ticketCategoryIds(
      tx,
      scope.tenantId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      cursor: cursorOf(row),
      doc: { ...(JSON.parse(row.doc) as Omit<ChatTicketDocument, 'category_ids'>), category_ids: categories.get(row.id) ?? [] },
      visXid: Number(row.vis),
      audience: [row],
    }));
  },
  neutral: neutralTicketDocument,
};
