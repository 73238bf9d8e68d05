import { sql, type ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import { likeContains, parseContactSearch } from '../../../shared/domain/contact-search';
import type { ContactPage } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import type { Tables } from '../../db/tables';
import { contactSelect, toContact } from './contact-payload';

export const contactFilterSchema = z
  .object({
    search: z.string().max(120).nullish(),
    group_id: z.union([z.literal('none'), z.coerce.number().int().positive()]).nullish(),
    favorite: z.boolean().nullish(),
    blocked: z.enum(['any', 'attendance', 'campaign', 'none']).nullish(),
    sort: z.enum(['name', 'created', 'updated']).nullish(),
  })
  .nullish();

export type ContactFilter = NonNullable<z.infer<typeof contactFilterSchema>>;

export const pageSchema = (maxLimit: number) =>
  z.object({
    offset: z.number().int().min(0).max(10_000_000).nullish(),
    limit: z.number().int().min(1).max(maxLimit).nullish(),
  });

type Eb = ExpressionBuilder<Tables & { c: Tables['customers'] }, 'c'>;

/**
 * The WHERE of the contacts list. A name search is a contains-match on the lower-cased name; a
 * numeric one a contains-match on phone and document digits, plus the exact stored forms of a
 * complete number (its ninth-digit twin included), which the phone index answers.
 */
function matches(filter: ContactFilter) {
  return (eb: Eb) => {
    const parts = [];
    const search = parseContactSearch(filter.search);
    if (search?.text) parts.push(eb(sql<string>`lower(coalesce(c.name, ''))`, 'like', likeContains(search.text)));
    if (search?.digits) {
      const pattern = likeContains(search.digits);
      const either = [eb('c.phone_number', 'like', pattern), eb('c.document_digits', 'like', pattern)];
      if (search.phones.length > 0) either.push(eb('c.phone_number', 'in', search.phones));
      parts.push(eb.or(either));
    }
    if (filter.group_id === 'none') parts.push(eb('c.group_of_customer_id', 'is', null));
    else if (typeof filter.group_id === 'number') parts.push(eb('c.group_of_customer_id', '=', filter.group_id));
    if (typeof filter.favorite === 'boolean') parts.push(eb('c.is_favorite', '=', filter.favorite));
    if (filter.blocked === 'attendance') parts.push(eb('c.is_blacklisted', '=', true));
    if (filter.blocked === 'campaign') parts.push(eb('c.is_blacklisted_campaign', '=', true));
    if (filter.blocked === 'any') parts.push(eb.or([eb('c.is_blacklisted', '=', true), eb('c.is_blacklisted_campaign', '=', true)]));
    if (filter.blocked === 'none') parts.push(eb.and([eb('c.is_blacklisted', '=', false), eb('c.is_blacklisted_campaign', '=', false)]));
    return eb.and(parts);
  };
}

/** One page of the tenant's contacts and the count of all that match. */
export async function listContacts(tx: Tx, tenantId: number, filter: ContactFilter, offset: number, limit: number): Promise<ContactPage> {
  const where = matches(filter);
  let query = contactSelect(tx, tenantId).where(where);
  if (filter.sort === 'created') query = query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
  else if (filter.sort === 'updated') query = query.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc');
  else query = query.orderBy(sql`lower(coalesce(c.name, ''))`).orderBy('c.id');
  const [rows, count] = await Promise.all([
    query.offset(offset).limit(limit).execute(),
    tx
      .selectFrom('customers as c')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('c.tenant_id', '=', tenantId)
      .where('c.deleted_at', 'is', null)
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.total), items: rows.map(toContact) };
}

/** The blocklist: blocked for attendance, campaigns or either, the latest block first. */
export async function listBlocked(
  tx: Tx,
  tenantId: number,
  search: string | null | undefined,
  kind: 'any' | 'attendance' | 'campaign',
  offset: number,
  limit: number,
): Promise<ContactPage> {
  const where = matches({ search, blocked: kind });
  const latest = sql`greatest(coalesce(c.blacklisted_at, '-infinity'), coalesce(c.blacklisted_campaign_at, '-infinity'))`;
  const [rows, count] = await Promise.all([
    contactSelect(tx, tenantId).where(where).orderBy(latest, 'desc').orderBy('c.id', 'desc').offset(offset).limit(limit).execute(),
    tx
      .selectFrom('customers as c')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('c.tenant_id', '=', tenantId)
      .where('c.deleted_at', 'is', null)
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.total), items: rows.map(toContact) };
}
