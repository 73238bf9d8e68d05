import { sql, type SelectQueryBuilder } from 'kysely';
import { ADMIN_ROLE } from '../../../shared/domain/routes';
import type { User, UserState } from '../../../shared/graphql/generated';
import { fileNameOf } from '../../channels/media/media-store';
import type { Tx } from '../../db/database';
import type { Tables } from '../../db/tables';
import type { RequestContext } from '../../graphql/context';
import { isOnlineSql } from '../auth/presence';
import type { UsersInput } from './user-inputs';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucn';
/** Lower case without accents, in SQL and in JS, so 'joao' finds 'João'. */
const foldSql = (column: string) => sql<string>`translate(lower(${sql.ref(column)}), ${ACCENTED}, ${PLAIN})`;
const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
const likePattern = (text: string) => `%${fold(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface UserListQuery {
  filters?: NonNullable<UsersInput['filters']>;
  ids?: readonly number[];
  page?: number;
  limit?: number;
}

type Base = SelectQueryBuilder<Tables & { u: Tables['users']; r: Tables['roles'] }, 'u' | 'r', object>;

function filtered(tx: Tx, tenantId: number, { filters, ids }: UserListQuery): Base {
  let query = tx
    .selectFrom('users as u')
    .innerJoin('roles as r', (join) => join.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'))
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted_at', 'is', null) as unknown as Base;
  if (ids) query = query.where('u.id', 'in', ids.length > 0 ? [...ids] : [0]);
  const search = filters?.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb(foldSql('u.name'), 'like', pattern),
        eb(foldSql('u.email'), 'like', pattern),
        eb(sql<string>`coalesce(${foldSql('u.username')}, '')`, 'like', pattern),
      ]),
    );
  }
  if (filters?.role_id != null) query = query.where('u.role_id', '=', filters.role_id);
  if (filters?.user_department_id != null) query = query.where('u.user_department_id', '=', filters.user_department_id);
  const instanceId = filters?.instance_id;
  if (instanceId != null) {
    query = query.where((eb) =>
      eb.or([
        eb('r.name', '=', ADMIN_ROLE),
        eb.exists(
          eb.selectFrom('user_instances as ui').select('ui.id').whereRef('ui.tenant_id', '=', 'u.tenant_id').whereRef('ui.user_id', '=', 'u.id').where('ui.instance_id', '=', instanceId),
        ),
      ]),
    );
  }
  const state = filters?.state;
  if (state === 'blocked') query = query.where('u.blocked_at', 'is not', null);
  if (state === 'online') query = query.where('u.blocked_at', 'is', null).where(isOnlineSql('u'));
  if (state === 'offline') query = query.where('u.blocked_at', 'is', null).where(sql<boolean>`not ${isOnlineSql('u')}`);
  return query;
}

/** A link the browser can load the photo from (signed, short-lived), or null. */
function photoOf(context: RequestContext, image: string | null): string | null {
  const name = fileNameOf(image);
  const signer = context.services.channels?.fileUrls;
  return name && signer ? signer.sign(context.tenant.id, name) : null;
}

/**
 * The users list (issue 12 users/list): SPEC §3 User plus photo, last seen, state and open tickets,
 * by name. `ids` loads given users (the answer of a create or edit) through the same mapping.
 */
export async function listTeamUsers(context: RequestContext, tx: Tx, query: UserListQuery): Promise<{ items: User[]; total: number }> {
  const tenantId = context.tenant.id;
  const limit = query.limit ?? 50;
  const offset = ((query.page ?? 1) - 1) * limit;
  const rows = await filtered(tx, tenantId, query)
    .leftJoin('user_departments as d', (join) => join.onRef('d.tenant_id', '=', 'u.tenant_id').onRef('d.id', '=', 'u.user_department_id'))
    .select([
      'u.id',
      'u.email',
      'u.name',
      'u.image',
      'u.username',
      'u.attempts',
      'u.blocked_at',
      'u.from_alpha7',
      'u.twofactor_activity',
      'u.expiration_password',
      'u.last_seen_at',
      'u.created_at',
      'r.id as role_id',
      'r.name as role_name',
      'r.display_name as role_display_name',
      'r.has_permission_routes',
      'd.id as department_id',
      'd.name as department_name',
      'd.activated as department_activated',
      isOnlineSql('u').as('online'),
      sql<number>`(select count(*)::int from chat_tickets t where t.tenant_id = u.tenant_id and t.user_id = u.id and not t.finished_ticket and t.deleted_at is null)`.as('open_tickets'),
      sql<number>`count(*) over ()::int`.as('total'),
    ])
    .orderBy(sql`lower(u.name)`)
    .orderBy('u.id')
    .limit(limit)
    .offset(offset)
    .execute();
  const ids = rows.map((row) => row.id);
  const instances =
    ids.length === 0
      ? []
      : await tx
          .selectFrom('user_instances as ui')
          .innerJoin('instances as i', (join) => join.onRef('i.tenant_id', '=', 'ui.tenant_id').onRef('i.id', '=', 'ui.instance_id'))
          .select(['ui.id', 'ui.user_id', 'ui.instance_id', 'i.name'])
          .where('ui.tenant_id', '=', tenantId)
          .where('ui.user_id', 'in', ids)
          .orderBy('i.name')
          .execute();
  const items = rows.map((row): User => {
    const state: UserState = row.blocked_at ? 'blocked' : row.online ? 'online' : 'offline';
    return {
      id: String(row.id),
      email: row.email,
      name: row.name,
      image: row.image,
      photo: photoOf(context, row.image),
      username: row.username,
      attempts: row.attempts,
      blocked_at: iso(row.blocked_at),
      from_alpha7: row.from_alpha7,
      isConnected: state === 'online',
      state,
      last_seen_at: iso(row.last_seen_at),
      created_at: iso(row.created_at),
      open_tickets: Number(row.open_tickets),
      twofactor_activity: row.twofactor_activity,
      expiration_password: iso(row.expiration_password),
      role: { id: String(row.role_id), name: row.role_name, display_name: row.role_display_name, has_permission_routes: row.has_permission_routes },
      userDepartment:
        row.department_id === null
          ? null
          : { id: String(row.department_id), name: row.department_name ?? '', activated: row.department_activated ?? true },
      userInstances: instances
        .filter((i) => i.user_id === row.id)
        .map((i) => ({ id: String(i.id), instance_id: String(i.instance_id), name: i.name })),
    };
  });
  return { items, total: Number(rows[0]?.total ?? 0) };
}
