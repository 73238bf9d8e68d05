import { sql } from 'kysely';
import type { Setting } from '../../../shared/graphql/generated';
import { epochMs, idString } from '../documents';
import { afterCursor, committedBelowXmin, cursorOf, type FeedCollection } from './feed';

/** The connection's settings and the tenant-wide ones; every user of the connection sees them. */
export const settingsFeed: FeedCollection<Setting> = {
  name: 'settings',
  async read(tx, scope, after, limit) {
    const { rows } = await sql<{
      id: number;
      position: string;
      instance_id: number | null;
      key: string;
      value: string | null;
      updated_at: Date;
      deleted_at: Date | null;
    }>`
      select s.id, s.change_xid::text as position, s.instance_id, s.key, s.value, s.updated_at, s.deleted_at
      from settings s
      where s.tenant_id = ${scope.tenantId}
        and (s.instance_id = ${scope.instanceId} or s.instance_id is null)
        and ${afterCursor('s', after)}
        and ${committedBelowXmin('s')}
      order by s.change_xid, s.id
      limit ${limit}`.execute(tx);
    return rows.map((row) => ({
      cursor: cursorOf(row),
      doc: {
        id: String(row.id),
        instance_id: idString(row.instance_id),
        key: row.key,
        value: row.value,
        updatedAt: epochMs(row.updated_at),
        _deleted: row.deleted_at !== null,
      },
      visXid: 0,
      audience: 'everyone' as const,
    }));
  },
  neutral: (id, updatedAt) => ({ id, instance_id: null, key: null, value: null, updatedAt, _deleted: true }),
};
