import { sql } from 'kysely';
import { digitsOnly } from '../../../shared/domain/phone';
import type { ChatTicket, SumOfTickets } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import type { SyncViewer } from '../../sync/visibility';
import { hydrateTickets } from './hydrate';
import { pickableRule } from './pickable';
import { ticketVisibleSql } from './visibility-sql';

export interface TicketFilters {
  instanceId: number;
  searchQuery?: string | null;
  finishedTickets?: boolean | null;
  allUsers?: boolean | null;
  page: number;
  limit: number;
  customerId?: number | null;
  inbox?: boolean | null;
  inboxDepartmentId?: number | null;
  isCampaign?: boolean | null;
  updatedAfterMs?: number | null;
}

/** total_pages counts at most this many pages past the requested one: never a full COUNT(*). */
export const PAGES_COUNTED_AHEAD = 10;
export const SUM_LIST_CAP = 1000;

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(tx: Tx, tenantId: number, viewer: SyncViewer, f: TicketFilters) {
  let query = tx
    .selectFrom('chat_tickets as t')
    .where('t.tenant_id', '=', tenantId)
    .where('t.instance_id', '=', f.instanceId)
    .where('t.deleted_at', 'is', null)
    .where(ticketVisibleSql(viewer));
  if (f.inbox === true) query = query.where('t.inbox', '=', true).where('t.finished_ticket', '=', false);
  if (f.inbox === false) query = query.where('t.inbox', '=', false);
  if (f.finishedTickets != null) query = query.where('t.finished_ticket', '=', f.finishedTickets);
  // my_chats and the closed tab are the viewer's own unless all users' are asked for.
  if (f.inbox !== true && !f.allUsers) query = query.where('t.user_id', '=', viewer.userId);
  if (f.inboxDepartmentId != null) query = query.where('t.inbox_department_id', '=', f.inboxDepartmentId);
  if (f.isCampaign != null) query = query.where('t.is_campaign', '=', f.isCampaign);
  if (f.customerId != null) query = query.where('t.customer_id', '=', f.customerId);
  if (f.updatedAfterMs != null) query = query.where('t.updated_at', '>', new Date(f.updatedAfterMs));
  const search = f.searchQuery?.trim();
  if (search) {
    const digits = digitsOnly(search);
    const like = `%${escapeLike(search)}%`;
    query = query.where(({ or, eb, exists, selectFrom }) =>
      or([
        eb('t.protocol', '=', search),
        exists(
          selectFrom('customers as c')
            .select(sql`1`.as('one'))
            .whereRef('c.tenant_id', '=', 't.tenant_id')
            .whereRef('c.id', '=', 't.customer_id')
            .where((inner) =>
              inner.or([
                inner('c.name', 'ilike', like),
                ...(digits.length >= 3 ? [inner('c.phone_number', 'like', `%${escapeLike(digits)}%`)] : []),
              ]),
            ),
        ),
      ]),
    );
  }
  return query;
}

/** chatTickets: one tab page, newest last message first, keyset-friendly order (list_at, id). */
export async function listChatTickets(
  tx: Tx,
  tenantId: number,
  viewer: SyncViewer,
  f: TicketFilters,
): Promise<{ total_pages: number; items: ChatTicket[] }> {
  const offset = (f.page - 1) * f.limit;
  const rows = await filtered(tx, tenantId, viewer, f)
    .selectAll('t')
    .orderBy('t.list_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(f.limit)
    .offset(offset)
    .execute();
  const cap = (f.page + PAGES_COUNTED_AHEAD) * f.limit;
  const counted = await tx
    .selectFrom(filtered(tx, tenantId, viewer, f).select(sql`1`.as('one')).limit(cap).as('window'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const pickable = await pickableRule(tx, tenantId, f.instanceId, viewer);
  return { total_pages: Math.ceil(Number(counted.n) / f.limit), items: await hydrateTickets(tx, tenantId, rows, pickable) };
}

/** sumOfTickets: ids for the tab badges (inbox and my_chats), capped, never counted. */
export async function sumOfTickets(tx: Tx, tenantId: number, viewer: SyncViewer, instanceId: number): Promise<SumOfTickets> {
  const refs = async (f: Partial<TicketFilters>) =>
    (
      await filtered(tx, tenantId, viewer, { instanceId, page: 1, limit: SUM_LIST_CAP, ...f })
        .select(['t.id', 't.is_campaign'])
        .orderBy('t.list_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(SUM_LIST_CAP)
        .execute()
    ).map((r) => ({ id: String(r.id), is_campaign: r.is_campaign }));
  const [inbox_list, my_chats_list] = await Promise.all([refs({ inbox: true }), refs({ inbox: false, finishedTickets: false })]);
  return { inbox_list, my_chats_list };
}
