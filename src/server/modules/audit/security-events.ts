import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { periodInstants, type Period } from '../../../shared/domain/metrics';

export interface SecurityQuery {
  period: Period;
  actions: string[] | null;
  userId: number | null;
  ip: string | null;
  limit: number;
  offset: number;
}

/** The audit log of a period, newest first, filtered by action, user and address (either one). */
export async function securityEvents(database: Database, tenantId: number, query: SecurityQuery) {
  const { start, end } = periodInstants(query.period);
  return database.withTenant(tenantId, async (tx) => {
    let base = tx
      .selectFrom('audit_log as a')
      .where('a.tenant_id', '=', tenantId)
      .where('a.at', '>=', new Date(start))
      .where('a.at', '<', new Date(end));
    if (query.actions && query.actions.length > 0) base = base.where('a.action', 'in', query.actions);
    if (query.userId !== null) base = base.where('a.user_id', '=', query.userId);
    const ip = query.ip;
    if (ip) base = base.where((eb) => eb.or([eb('a.remote_ip', '=', ip), eb('a.claimed_ip', '=', ip)]));
    const [items, total] = await Promise.all([
      base
        .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.user_id'))
        .leftJoin('users as actor', (j) => j.onRef('actor.tenant_id', '=', 'a.tenant_id').onRef('actor.id', '=', 'a.actor_id'))
        .select(['a.id', 'a.at', 'a.action', 'a.user_id', 'u.name as user_name', 'a.actor_id', 'actor.name as actor_name', 'a.email', 'a.claimed_ip', 'a.remote_ip', 'a.detail'])
        .orderBy('a.at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: total.n,
      items: items.map((r) => ({
        ...r,
        id: String(r.id),
        at: new Date(r.at).toISOString(),
        user_id: r.user_id === null ? null : String(r.user_id),
        actor_id: r.actor_id === null ? null : String(r.actor_id),
      })),
    };
  });
}

/** Counts per action, by user (name, else the e-mail typed) or by the address the server saw. */
export async function securityCounts(database: Database, tenantId: number, period: Period, by: 'user' | 'ip') {
  const { start, end } = periodInstants(period);
  const rows = await database.withTenant(tenantId, (tx) =>
    tx
      .selectFrom('audit_log as a')
      .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.user_id'))
      .select([
        (by === 'user' ? sql<string>`coalesce(u.name, a.email, '—')` : sql<string>`coalesce(a.remote_ip, '—')`).as('key'),
        'a.action',
        sql<number>`count(*)::int`.as('count'),
      ])
      .where('a.tenant_id', '=', tenantId)
      .where('a.at', '>=', new Date(start))
      .where('a.at', '<', new Date(end))
      .groupBy(['key', 'a.action'])
      .orderBy('count', 'desc')
      .execute(),
  );
  return rows;
}
