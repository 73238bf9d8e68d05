import { pedbotDexieStorage } from '../../../src/app/data/database/dexie-storage';
import { DATABASE_NAME, openPedbotDatabase } from '../../../src/app/data/database/open-database';
import { conversationQuery } from '../../../src/app/data/queries/message-queries';
import { tabSelector, ticketListQuery, type TicketListFilter } from '../../../src/app/data/queries/ticket-queries';
import { LONG_CONVERSATION } from './long-conversation';

export type QueryVariant = 'walk' | 'legacy';

/** The first list window the screen asks for (use-ticket-list's FIRST_WINDOW). */
const LIST_WINDOW = 50;
const FILTER: TicketListFilter = { instanceId: '1', tab: 'my_chats', isCampaign: false, userId: '1' };

/**
 * Cold query times on a freshly opened database (no replication running), for the data module's
 * queries ('walk': ascending sort_key with a limit) or the descending sorts they replaced
 * ('legacy'), so the bench compares both on the same data in the same run.
 */
export async function measureQueries(variant: QueryVariant): Promise<{ list: number; conversation: number; open: number }> {
  const t0 = performance.now();
  const db = await openPedbotDatabase({ storage: pedbotDexieStorage(), name: DATABASE_NAME, multiInstance: true });
  const t1 = performance.now();
  const list =
    variant === 'walk'
      ? ticketListQuery(db, { ...FILTER, limit: LIST_WINDOW })
      : db.chattickets.find({ selector: tabSelector(FILTER), sort: [{ sort_at: 'desc' }, { id: 'desc' }], limit: LIST_WINDOW });
  const tickets = await list.exec();
  const t2 = performance.now();
  const conversation =
    variant === 'walk'
      ? conversationQuery(db, '1', '1', LONG_CONVERSATION)
      : db.customerchats.find({
          selector: { customer_id: '1', instance_id: '1', sent_at: { $gt: '' } },
          sort: [{ sent_at: 'desc' }, { id: 'desc' }],
          limit: LONG_CONVERSATION,
        });
  const messages = await conversation.exec();
  const t3 = performance.now();
  if (tickets.length !== LIST_WINDOW || messages.length !== LONG_CONVERSATION) throw new Error(`unexpected sizes ${tickets.length}, ${messages.length}`);
  await db.close();
  return { open: t1 - t0, list: t2 - t1, conversation: t3 - t2 };
}
