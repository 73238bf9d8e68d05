import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { NPS_SCALE_KEY, parseNpsScale, periodInstants, type NpsScale } from '../../../shared/domain/metrics';
import { effectiveValue } from '../store-settings/setting-rows';
import { type ScopedFilter, whereFilter } from './report-sums';

const COMMENT_WINDOW = '10 minutes';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const named = (rows: Array<{ id: number; name: string | null }>) => rows.map((r) => ({ id: String(r.id), name: r.name ?? `#${r.id}` }));

/** The names of what reports group by, for filters and labels: categories are the CRM ticket categories, campaigns the campaigns area's. */
export async function reportNames(database: Database, tenantId: number, instances: number[] | null) {
  return database.withTenant(tenantId, async (tx) => {
    let instanceQuery = tx.selectFrom('instances').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('name');
    if (instances) instanceQuery = instanceQuery.where('id', 'in', instances);
    let campaignQuery = tx.selectFrom('campaigns').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('name');
    if (instances) campaignQuery = campaignQuery.where('instance_id', 'in', instances);
    const [inst, departments, users, categories, reasons, campaigns] = await Promise.all([
      instanceQuery.execute(),
      tx.selectFrom('user_departments').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('name').execute(),
      tx.selectFrom('users').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('name').execute(),
      tx.selectFrom('categories').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('name').execute(),
      tx.selectFrom('crm_reasons').select(['id', 'name']).where('tenant_id', '=', tenantId).orderBy('name').execute(),
      campaignQuery.execute(),
    ]);
    return {
      instances: named(inst),
      departments: named(departments),
      users: named(users),
      categories: named(categories),
      reasons: named(reasons),
      campaigns: named(campaigns),
    };
  });
}

/** The tenant's survey scale (configs/nps-messages), the one the survey grades by. */
export async function npsScale(database: Database, tenantId: number): Promise<NpsScale> {
  return parseNpsScale(await database.withTenant(tenantId, (tx) => effectiveValue(tx, tenantId, null, NPS_SCALE_KEY)));
}

/** The queue now: inbox tickets waiting, the longest wait, and each attendant's open tickets. */
export async function liveQueue(database: Database, tenantId: number, instances: number[] | null) {
  return database.withTenant(tenantId, async (tx) => {
    let open = tx
      .selectFrom('chat_tickets')
      .where('tenant_id', '=', tenantId)
      .where('finished_ticket', '=', false)
      .where('deleted_at', 'is', null);
    if (instances) open = open.where('instance_id', 'in', instances);
    const [queue, held, attendants] = await Promise.all([
      open
        .where('inbox', '=', true)
        .select([sql<number>`count(*)::int`.as('waiting'), sql<number | null>`extract(epoch from now() - min(created_at))::int`.as('longest')])
        .executeTakeFirstOrThrow(),
      open.where('user_id', 'is not', null).select(['user_id', sql<number>`count(*)::int`.as('n')]).groupBy('user_id').execute(),
      tx.selectFrom('users').select(['id', 'name', 'is_connected']).where('tenant_id', '=', tenantId).where('deleted_at', 'is', null).orderBy('name').execute(),
    ]);
    const openBy = new Map(held.map((h) => [h.user_id, h.n]));
    return {
      waiting: queue.waiting,
      longest_wait_seconds: queue.waiting > 0 ? queue.longest : null,
      in_service: held.reduce((sum, h) => sum + h.n, 0),
      attendants: attendants
        .filter((u) => u.is_connected || openBy.has(u.id))
        .map((u) => ({ id: String(u.id), name: u.name, online: u.is_connected, open_tickets: openBy.get(u.id) ?? 0 })),
    };
  });
}

/** The tickets whose cells make up a figure: drill-down from a chart point to the list behind it. */
export async function ticketsBehind(database: Database, tenantId: number, filter: ScopedFilter, metric: string, day: string | null, hour: number | null, limit: number) {
  return database.withTenant(tenantId, async (tx) => {
    let cells = whereFilter(tx.selectFrom('report_ticket_cells'), tenantId, filter).select('chat_ticket_id').distinct().where('metric', '=', metric);
    if (day) cells = cells.where('day', '=', day);
    if (hour !== null) cells = cells.where('hour', '=', hour);
    const rows = await tx
      .selectFrom('chat_tickets as t')
      .innerJoin('customers as c', (j) => j.onRef('c.tenant_id', '=', 't.tenant_id').onRef('c.id', '=', 't.customer_id'))
      .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 't.tenant_id').onRef('u.id', '=', 't.user_id'))
      .select(['t.id', 't.protocol', 't.instance_id', 't.customer_id', 'c.name as customer_name', 'c.phone_number', 'u.name as user_name', 't.created_at', 't.finished_at', 't.finished_ticket', 't.grade'])
      .where('t.tenant_id', '=', tenantId)
      .where('t.id', 'in', cells)
      .orderBy('t.created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      protocol: r.protocol,
      instance_id: String(r.instance_id),
      customer_id: String(r.customer_id),
      customer_name: r.customer_name ?? r.phone_number,
      user_name: r.user_name,
      created_at: iso(r.created_at) ?? '',
      finished_at: iso(r.finished_at),
      finished_ticket: r.finished_ticket,
      grade: r.grade,
    }));
  });
}

/**
 * Survey answers of the period, with what the customer wrote right after the grade: one row per
 * graded event in the period's instants (each is a survey_answered cell, on its local day, with
 * that answer's grade). The graded-events index (0164) yields them in the page's order, lowest
 * grade and newest first, and the cells check the other filters one answer at a time until the
 * page is full; tickets, names and comments are looked up for the page's rows alone.
 */
export async function surveyAnswers(database: Database, tenantId: number, filter: ScopedFilter, maxGrade: number | null, limit: number) {
  const { start, end } = periodInstants(filter);
  return database.withTenant(tenantId, async (tx) => {
    const cells = whereFilter(tx.selectFrom('report_ticket_cells'), tenantId, filter)
      .select(sql<number>`1`.as('one'))
      .where('metric', '=', 'survey_answered')
      .where(sql<boolean>`report_ticket_cells.chat_ticket_id = e.chat_ticket_id`)
      .limit(1);
    let answers = tx
      .selectFrom('report_ticket_events as e')
      .select(['e.id', 'e.chat_ticket_id', 'e.at', 'e.grade'])
      .where('e.tenant_id', '=', tenantId)
      // A literal, so the planner matches the partial index (0164) whatever the driver does with parameters.
      .where(sql<boolean>`e.kind = 'graded'`)
      .where('e.at', '>=', new Date(start))
      .where('e.at', '<', new Date(end))
      .where('e.grade', 'is not', null)
      // A scalar subquery, not IN: the planner may not turn it into a join that reads every cell of
      // the period (PGlite's estimates chose that, 0.4 s), so the index walk stops at the page.
      .where((eb) => eb(cells, 'is not', null));
    if (maxGrade !== null) answers = answers.where('e.grade', '<=', maxGrade);
    const page = answers.orderBy('e.grade').orderBy('e.at', 'desc').orderBy('e.id', 'desc').limit(limit).as('a');
    const rows = await tx
      .selectFrom(page)
      .innerJoin('chat_tickets as t', (j) => j.on('t.tenant_id', '=', tenantId).onRef('t.id', '=', 'a.chat_ticket_id'))
      .innerJoin('customers as c', (j) => j.onRef('c.tenant_id', '=', 't.tenant_id').onRef('c.id', '=', 't.customer_id'))
      .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 't.tenant_id').onRef('u.id', '=', 't.user_id'))
      .select([
        't.id',
        't.instance_id',
        't.customer_id',
        'c.name as customer_name',
        'c.phone_number',
        't.user_id',
        'u.name as user_name',
        'a.grade',
        'a.at',
        // The survey takes a grade alone (stored on the graded ticket); what the customer writes within
        // COMMENT_WINDOW after it, which lands on their next ticket, is its comment.
        sql<string | null>`(select m.message from customer_chats m
          where m.tenant_id = t.tenant_id and m.customer_id = t.customer_id and m.instance_id = t.instance_id and not m.from_me
            and m.chat_ticket_id <> t.id and m.sent_at > a.at and m.sent_at <= a.at + ${COMMENT_WINDOW}::interval and m.message is not null
          order by m.sent_at limit 1)`.as('comment'),
      ])
      .orderBy('a.grade')
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .execute();
    return rows.map((r) => ({
      ticket_id: String(r.id),
      instance_id: String(r.instance_id),
      customer_id: String(r.customer_id),
      customer_name: r.customer_name ?? r.phone_number,
      user_id: r.user_id === null ? null : String(r.user_id),
      user_name: r.user_name,
      grade: r.grade ?? 0,
      comment: r.comment,
      answered_at: iso(r.at) ?? '',
    }));
  });
}
