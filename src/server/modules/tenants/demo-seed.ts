import { createHmac } from 'node:crypto';
import { APP_ROUTES } from '../../../shared/domain/routes';
import { EMPTY_STORE_INFO, STORE_INFO_KEY, type StoreInfo } from '../../../shared/domain/store-info';
import { seedSandboxConversations } from '../../channels/sandbox/demo-conversations';
import type { Database } from '../../db/database';
import type { PasswordHasher } from '../auth/passwords';
import { hashToken } from '../auth/secret-tokens';
import { seedWelcomeFlow } from '../flows/welcome-flow';
import { findTenantBySlug } from './tenant-store';
import { seedTenant, type TenantSeed } from './tenant-seed';

export const DEMO_SLUG = 'demo';
export const DEMO_PASSWORD = 'Pedbot@demo1';

/** What an attendant opens: attendance, CRM lists, contacts, help and quick answers; no administration. */
export const ATTENDANT_ROUTES = [
  'chat-attendance',
  'crm-reasons',
  'crm-category',
  'customers-list',
  'numbers-blacklist-list',
  'help-training-videos',
  'help-whatsapp-protocol',
  'configs-quick-answers',
] as const;

export const DEMO_USERS = [
  { email: 'admin@demo.local', name: 'Administrador Demo', role: 'administrador' },
  { email: 'ana@demo.local', name: 'Ana Souza', role: 'atendente', department: 'Vendas' },
  { email: 'bruno@demo.local', name: 'Bruno Lima', role: 'atendente', department: 'Suporte' },
] as const;

/**
 * The demo integration token is derived from the JWT secret, so every start can print it again
 * although only its hash is stored.
 */
export const demoIntegrationToken = (jwtSecret: string): string =>
  `pbi_${createHmac('sha256', jwtSecret).update('pedbot-demo-integration-token').digest('base64url')}`;

export function demoSeed(jwtSecret: string): TenantSeed {
  return {
    slug: DEMO_SLUG,
    name: 'Loja Demo',
    roles: [
      { name: 'administrador', display_name: 'Administrador', routes: APP_ROUTES.map((route) => route.name) },
      { name: 'atendente', display_name: 'Atendente', routes: ATTENDANT_ROUTES },
    ],
    departments: ['Vendas', 'Suporte'],
    users: DEMO_USERS.map((user) => ({ ...user, password: DEMO_PASSWORD })),
    // New customers reach Ana's Fila (issue 12); Suporte may serve the connection too.
    instances: [
      {
        name: 'WhatsApp Loja Demo',
        channel: 'sandbox',
        phone_number: '5511900000000',
        activated: true,
        departments: ['Vendas', 'Suporte'],
        default_department: 'Vendas',
      },
      // Customers of the robot connection meet the welcome flow first; it routes them (issue 16).
      { name: ROBOT_INSTANCE_NAME, channel: 'sandbox', phone_number: '5511900000001', activated: true, departments: ['Vendas', 'Suporte'] },
    ],
    features: [
      { name: 'campaigns', enabled: true },
      { name: 'chat_flows', enabled: true },
      { name: 'orders', enabled: true },
      { name: 'nps_research', enabled: true },
    ],
    settings: [
      { key: 'older_inbox_chats_first', value: 'false' },
      // Filled in, so the help pages and the closing message's {{nome_loja}} show a store.
      { key: STORE_INFO_KEY, value: JSON.stringify(DEMO_STORE_INFO) },
    ],
    integrationTokens: [{ email: 'admin@demo.local', name: 'Demonstração', token: demoIntegrationToken(jwtSecret) }],
  };
}

/** configs/client-form of the demo store. */
export const DEMO_STORE_INFO: StoreInfo = {
  ...EMPTY_STORE_INFO,
  name: 'Loja Demo',
  document: '11222333000181',
  address: 'Rua das Flores, 100 - Centro, São Paulo - SP',
  phone: '1133334444',
};

/** The demo's second connection, whose customers meet the welcome flow first (issue 16). */
export const ROBOT_INSTANCE_NAME = 'Atendimento com robô';

export async function seedDemoTenant(database: Database, passwords: PasswordHasher, jwtSecret: string): Promise<void> {
  const demo = await seedTenant(database, passwords, demoSeed(jwtSecret));
  await seedSandboxConversations(database, demo);
  const robot = demo.instanceIds[1];
  const admin = demo.userIds['admin@demo.local'];
  if (robot === undefined || admin === undefined) throw new Error('seed: the demo needs its robot connection and administrator');
  await seedWelcomeFlow(database, demo.tenantId, robot, admin);
}

/** The demo tenant's integration token when it is still the one derived from this secret. */
export async function currentDemoIntegrationToken(database: Database, jwtSecret: string): Promise<string | null> {
  const tenant = await findTenantBySlug(database.db, DEMO_SLUG);
  if (!tenant) return null;
  const token = demoIntegrationToken(jwtSecret);
  const row = await database.withTenant(tenant.id, (tx) =>
    tx.selectFrom('integration_tokens').select('id').where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).executeTakeFirst(),
  );
  return row ? token : null;
}
