import { sql } from 'kysely';
import type { CategoryInput } from '../../../shared/domain/crm';
import type { Tx } from '../../db/database';
import type { ChangeSet } from '../../sync/changes';
import { validation } from '../../graphql/errors';
import { crmServerTexts as texts } from './texts';

export interface CategoryRecord {
  id: number;
  name: string;
  color: string;
  tickets_count: number;
}

function selectCategories(tx: Tx, tenantId: number) {
  return tx
    .selectFrom('categories as c')
    .select(['c.id', 'c.name', 'c.color'])
    .select(
      sql<number>`(select count(*)::int from ticket_categories t where t.tenant_id = c.tenant_id and t.category_id = c.id)`.as('tickets_count'),
    )
    .where('c.tenant_id', '=', tenantId);
}

export async function listCategories(tx: Tx, tenantId: number, search?: string | null): Promise<CategoryRecord[]> {
  let query = selectCategories(tx, tenantId);
  if (search) query = query.where('c.name', 'ilike', `%${search.replace(/[\\%_]/g, '\\$&')}%`);
  return query.orderBy('c.name').execute();
}

export async function findCategory(tx: Tx, tenantId: number, id: number): Promise<CategoryRecord | undefined> {
  return selectCategories(tx, tenantId).where('c.id', '=', id).executeTakeFirst();
}

async function assertNameFree(tx: Tx, tenantId: number, name: string, exceptId: number | null): Promise<void> {
  let query = tx.selectFrom('categories').select('id').where('tenant_id', '=', tenantId).where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw validation('name', texts.categoryNameTaken);
}

export async function createCategory(tx: Tx, tenantId: number, input: CategoryInput): Promise<CategoryRecord> {
  await assertNameFree(tx, tenantId, input.name, null);
  const { id } = await tx.insertInto('categories').values({ tenant_id: tenantId, name: input.name, color: input.color.toLowerCase() }).returning('id').executeTakeFirstOrThrow();
  return (await findCategory(tx, tenantId, id))!;
}

export async function updateCategory(tx: Tx, tenantId: number, id: number, input: CategoryInput): Promise<CategoryRecord> {
  await assertNameFree(tx, tenantId, input.name, id);
  const row = await tx
    .updateTable('categories')
    .set({ name: input.name, color: input.color.toLowerCase(), updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw validation('id', texts.categoryNotFound);
  return (await findCategory(tx, tenantId, id))!;
}

/**
 * Rewrites the tickets' rows so the chattickets feed sends them again with their new
 * category_ids (the stamp trigger moves change_xid), and tells the streams of their connections.
 */
async function touchTickets(tx: Tx, changes: ChangeSet, tenantId: number, tagged: { ticketId: number } | { categoryId: number }): Promise<void> {
  const which =
    'ticketId' in tagged
      ? sql`id = ${tagged.ticketId}`
      : sql`id in (select chat_ticket_id from ticket_categories where tenant_id = ${tenantId} and category_id = ${tagged.categoryId})`;
  const { rows } = await sql<{ instance_id: number }>`
    with touched as (update chat_tickets set updated_at = now() where tenant_id = ${tenantId} and ${which} returning instance_id)
    select distinct instance_id from touched`.execute(tx);
  for (const { instance_id } of rows) changes.add('chattickets', Number(instance_id));
}

export async function deleteCategory(tx: Tx, changes: ChangeSet, tenantId: number, id: number): Promise<void> {
  await touchTickets(tx, changes, tenantId, { categoryId: id });
  const { numDeletedRows } = await tx.deleteFrom('categories').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  if (numDeletedRows === 0n) throw validation('id', texts.categoryNotFound);
}

export async function ticketCategories(tx: Tx, tenantId: number, ticketId: number): Promise<CategoryRecord[]> {
  return selectCategories(tx, tenantId)
    .where((eb) =>
      eb.exists(eb.selectFrom('ticket_categories as t').select('t.category_id').whereRef('t.tenant_id', '=', 'c.tenant_id').whereRef('t.category_id', '=', 'c.id').where('t.chat_ticket_id', '=', ticketId)),
    )
    .orderBy('c.name')
    .execute();
}

/** Replaces a ticket's categories; every id must be one of the tenant's categories. */
export async function setTicketCategories(
  tx: Tx,
  changes: ChangeSet,
  tenantId: number,
  ticketId: number,
  categoryIds: readonly number[],
  userId: number,
): Promise<CategoryRecord[]> {
  const ids = [...new Set(categoryIds)];
  if (ids.length > 0) {
    const found = await tx.selectFrom('categories').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw validation('category_ids', texts.categoryNotFound);
  }
  const before = await tx.selectFrom('ticket_categories').select('category_id').where('tenant_id', '=', tenantId).where('chat_ticket_id', '=', ticketId).execute();
  const unchanged = before.length === ids.length && before.every((row) => ids.includes(Number(row.category_id)));
  if (unchanged) return ticketCategories(tx, tenantId, ticketId);
  await touchTickets(tx, changes, tenantId, { ticketId });
  await tx.deleteFrom('ticket_categories').where('tenant_id', '=', tenantId).where('chat_ticket_id', '=', ticketId).execute();
  if (ids.length > 0) {
    await tx
      .insertInto('ticket_categories')
      .values(ids.map((category_id) => ({ tenant_id: tenantId, chat_ticket_id: ticketId, category_id, tagged_by: userId })))
      .execute();
  }
  return ticketCategories(tx, tenantId, ticketId);
}
