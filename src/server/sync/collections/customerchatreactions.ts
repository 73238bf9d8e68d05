import { sql } from 'kysely';
import { neutralReactionDocument, toReactionDocument } from '../../modules/messages/message-document';
import type { CustomerChatReaction } from '../../../shared/graphql/generated';
import { afterCursor, audienceOfJoinedTicket, committedBelowXmin, cursorOf, type FeedCollection } from './feed';

/** Reactions follow their message's ticket, like messages. */
export const customerChatReactionsFeed: FeedCollection<CustomerChatReaction> = {
  name: 'customerchatreactions',
  async read(tx, scope, after, limit) {
    const rows = await tx
      .selectFrom('customer_chat_reactions as r')
      .leftJoin('chat_tickets as t', (join) => join.onRef('t.tenant_id', '=', 'r.tenant_id').onRef('t.id', '=', 'r.chat_ticket_id'))
      .selectAll('r')
      .select([
        sql<string>`r.change_xid::text`.as('position'),
        't.id as t_id',
        't.user_id as t_user_id',
        't.inbox as t_inbox',
        't.inbox_department_id as t_inbox_department_id',
        't.finished_ticket as t_finished_ticket',
      ])
      .where('r.tenant_id', '=', scope.tenantId)
      .where('r.instance_id', '=', scope.instanceId)
      .where(afterCursor('r', after))
      .where(committedBelowXmin('r'))
      .orderBy('r.change_xid')
      .orderBy('r.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      cursor: cursorOf(row),
      doc: toReactionDocument(row),
      visXid: 0,
      audience: audienceOfJoinedTicket(row),
    }));
  },
  neutral: neutralReactionDocument,
};
