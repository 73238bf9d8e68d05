import { sql } from 'kysely';
import { PREPARED } from '../../db/prepared';
import { neutralMessageDocument, type CustomerChatDocument } from '../../modules/messages/message-document';
import { afterCursor, audienceOfJoinedTicket, committedBelowXmin, cursorOf, jsonFeedRow, type FeedCollection } from './feed';
import { MESSAGE_JSON_FIELDS, messageJson } from './json-documents';

/** Messages follow their ticket's visibility; the client drops them with the ticket's tombstone. */
export const customerChatsFeed: FeedCollection<CustomerChatDocument> = {
  name: 'customerchats',
  async read(tx, scope, after, limit) {
    const rows = await tx
      .selectFrom('customer_chats as m')
      .leftJoin('chat_tickets as t', (join) => join.onRef('t.tenant_id', '=', 'm.tenant_id').onRef('t.id', '=', 'm.chat_ticket_id'))
      .select([
        'm.id',
        sql<string>`m.change_xid::text`.as('position'),
        messageJson('m').as('doc'),
        't.id as t_id',
        't.user_id as t_user_id',
        't.inbox as t_inbox',
        't.inbox_department_id as t_inbox_department_id',
        't.finished_ticket as t_finished_ticket',
      ])
      .where('m.tenant_id', '=', scope.tenantId)
      .where('m.instance_id', '=', scope.instanceId)
      .where(afterCursor('m', after))
      .where(committedBelowXmin('m'))
      .orderBy('m.change_xid')
      .orderBy('m.id')
      .limit(limit)
      .modifyEnd(PREPARED)
      .execute();
    return rows.map((row) => jsonFeedRow<CustomerChatDocument>(cursorOf(row), row.doc, 0, audienceOfJoinedTicket(row)));
  },
  neutral: neutralMessageDocument,
  jsonFields: MESSAGE_JSON_FIELDS,
};
