import { seedTenant } from '../../src/server/modules/tenants/tenant-seed';
import type { TestServer } from './server';

export const OTHER_ADMIN = { email: 'admin@outra.test', password: 'Pedbot@outra1' } as const;

/** A second store with only its administrator, for the cross-tenant checks; answers its id. */
export async function seedOtherTenant(server: Pick<TestServer, 'database' | 'app'>, slug = 'outra'): Promise<number> {
  const seeded = await seedTenant(server.database, server.app.deps.services.passwords, {
    slug,
    name: 'Outra Loja',
    roles: [{ name: 'administrador', display_name: 'Administrador', routes: [] }],
    departments: [],
    users: [{ email: OTHER_ADMIN.email, name: 'Admin', role: 'administrador', password: OTHER_ADMIN.password }],
    instances: [],
    features: [],
    settings: [],
  });
  return seeded.tenantId;
}
