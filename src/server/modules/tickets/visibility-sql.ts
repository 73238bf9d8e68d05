import { sql, type RawBuilder } from 'kysely';
import { isAdministrator, type SyncViewer } from '../../sync/visibility';

/**
 * canSeeTicket (src/shared/domain/tickets.ts) as an SQL condition on the ticket alias, for the
 * queries that list tickets and messages in the database rather than filter rows in memory.
 */
export function ticketVisibleSql(viewer: SyncViewer, alias = 't'): RawBuilder<boolean> {
  if (isAdministrator(viewer)) return sql<boolean>`true`;
  const t = (column: string) => sql.ref(`${alias}.${column}`);
  const inboxOfMine =
    viewer.departmentId === null
      ? sql`${t('inbox_department_id')} is null`
      : sql`${t('inbox_department_id')} = ${viewer.departmentId}`;
  return sql<boolean>`(${t('user_id')} = ${viewer.userId} or (${t('inbox')} and not ${t('finished_ticket')} and ${inboxOfMine}))`;
}
