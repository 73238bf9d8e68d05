import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { APP_ROUTES } from '../../../shared/domain/routes';
import type { Database } from '../../db/database';
import type { PasswordHasher } from '../auth/passwords';
import { newPassword } from '../auth/inputs';
import { ATTENDANT_ROUTES } from './demo-seed';
import { seedTenant } from './tenant-seed';
import { isTenantSlugTaken, isValidTenantSlug } from './tenant-store';

/** What `npm run tenant -- create` asks for. */
export const newStoreInput = z.object({
  slug: z
    .string()
    .trim()
    .refine(isValidTenantSlug, 'O endereço usa letras minúsculas, números e hífen (até 63), e não pode ser api, webhooks, assets, sandbox ou graphql.'),
  name: z.string().trim().min(1, 'Informe o nome da loja (--name).').max(120, 'Nome muito longo.'),
  adminEmail: z.string().trim().toLowerCase().pipe(z.email('Informe o e-mail do administrador (--admin).')),
  adminPassword: newPassword,
});
export type NewStoreInput = z.input<typeof newStoreInput>;

export const STORE_DEPARTMENT = 'Atendimento';
export const STORE_FEATURES = ['campaigns', 'chat_flows', 'orders', 'nps_research'] as const;

export class TenantAdminError extends Error {}

/**
 * A new store (issue 12): roles administrador and atendente, one department, its administrator (the
 * tenant's principal user) and one sandbox connection whose new tickets go to that department.
 */
export async function createStore(database: Database, passwords: PasswordHasher, input: NewStoreInput) {
  const parsed = newStoreInput.safeParse(input);
  if (!parsed.success) throw new TenantAdminError(parsed.error.issues[0]?.message ?? 'Dados inválidos.');
  const store = parsed.data;
  if (await isTenantSlugTaken(database.db, store.slug)) throw new TenantAdminError(`Já existe uma loja com o endereço ${store.slug}.`);
  const seeded = await seedTenant(database, passwords, {
    slug: store.slug,
    name: store.name,
    roles: [
      { name: 'administrador', display_name: 'Administrador', routes: APP_ROUTES.map((route) => route.name) },
      { name: 'atendente', display_name: 'Atendente', routes: ATTENDANT_ROUTES },
    ],
    departments: [STORE_DEPARTMENT],
    users: [{ email: store.adminEmail, name: 'Administrador', role: 'administrador', password: store.adminPassword }],
    instances: [
      {
        name: `WhatsApp ${store.name}`.slice(0, 120),
        channel: 'sandbox',
        phone_number: `551190${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
        activated: true,
        default_department: STORE_DEPARTMENT,
      },
    ],
    features: STORE_FEATURES.map((name) => ({ name, enabled: true })),
    settings: [{ key: 'older_inbox_chats_first', value: 'false' }],
  });
  return { tenantId: seeded.tenantId, slug: store.slug, instanceId: seeded.instanceIds[0] ?? null };
}

export interface TenantListing {
  slug: string;
  name: string;
  created_at: Date;
  disabled_at: Date | null;
}

export async function listStores(database: Database): Promise<TenantListing[]> {
  return database.asOwner((db) => db.selectFrom('tenants').select(['slug', 'name', 'created_at', 'disabled_at']).orderBy('slug').execute());
}

/**
 * Disables (or enables again) a store: its pages answer tenant-invalid and its tokens are refused
 * from the next request; open websockets close at their next check (WS_REVALIDATE_SECONDS).
 */
export async function setStoreDisabled(database: Database, slug: string, disabled: boolean): Promise<void> {
  const result = await database.asOwner((db) =>
    db
      .updateTable('tenants')
      .set({ disabled_at: disabled ? sql<Date>`now()` : null })
      .where('slug', '=', slug)
      .executeTakeFirst(),
  );
  if (result.numUpdatedRows === 0n) throw new TenantAdminError(`Nenhuma loja com o endereço ${slug}.`);
}
