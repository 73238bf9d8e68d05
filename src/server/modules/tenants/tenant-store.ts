import type { Database, Db } from '../../db/database';
import type { TenantRef } from '../../graphql/context';

/** Slugs that are first path segments of the platform itself, never a tenant. */
const RESERVED_SLUGS = new Set(['api', 'webhooks', 'assets', 'sandbox', 'graphql']);

export const isValidTenantSlug = (slug: string): boolean => /^[a-z0-9][a-z0-9-]{0,62}$/.test(slug) && !RESERVED_SLUGS.has(slug);

export async function findTenantBySlug(db: Db, slug: string): Promise<TenantRef | null> {
  if (!isValidTenantSlug(slug)) return null;
  // A disabled tenant answers like an unknown one (npm run tenant -- disable).
  const row = await db.selectFrom('tenants').select(['id', 'slug', 'name']).where('slug', '=', slug).where('disabled_at', 'is', null).executeTakeFirst();
  return row ?? null;
}

/** True when a tenant, enabled or disabled, has the slug. */
export async function isTenantSlugTaken(db: Db, slug: string): Promise<boolean> {
  return (await db.selectFrom('tenants').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

/** Creates a tenant as the owner (the app role may only read tenants). */
export async function createTenant(database: Database, slug: string, name: string): Promise<TenantRef> {
  if (!isValidTenantSlug(slug)) throw new Error(`invalid tenant slug: ${slug}`);
  return database.asOwner((db) =>
    db.insertInto('tenants').values({ slug, name }).returning(['id', 'slug', 'name']).executeTakeFirstOrThrow(),
  );
}

export async function countTenants(database: Database): Promise<number> {
  const row = await database.db.selectFrom('tenants').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
