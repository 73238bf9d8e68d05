/**
 * Every signed-in route of SPEC §2 with its access rule. The name is what a role lists in
 * `has_permission_routes`; the path is relative to `/:tenant` and uses `$param` segments
 * (TanStack Router's syntax). The router, the menu, the seeds and the server use this one table.
 */
export type AccessRule = 'check' | 'all' | 'admin';

export type SectionId =
  | 'dashboard'
  | 'attendance'
  | 'crm'
  | 'orders'
  | 'campaigns'
  | 'connections'
  | 'contacts'
  | 'flows'
  | 'templates'
  | 'administration'
  | 'settings'
  | 'help'
  | 'account';

export interface AppRoute {
  name: string;
  path: string;
  rule: AccessRule;
  section: SectionId;
  title: string;
  /** Shown as an entry of the side menu (detail and edit pages are reached from their lists). */
  menu: boolean;
  /** The feature flag (SPEC §6 Feature name, `getFeature`) whose feature this route belongs to, if any. */
  feature?: FeatureName;
}

/** Feature flags that gate routes: a tenant with the flag off sees none of its routes. */
export const FEATURES = {
  campaigns: 'campaigns',
  chatFlows: 'chat_flows',
  orders: 'orders',
  npsResearch: 'nps_research',
} as const;
export type FeatureName = (typeof FEATURES)[keyof typeof FEATURES];

export const SECTIONS: ReadonlyArray<{ id: SectionId; title: string }> = [
  { id: 'dashboard', title: 'Painéis' },
  { id: 'attendance', title: 'Atendimento' },
  { id: 'crm', title: 'CRM' },
  { id: 'orders', title: 'Pedidos' },
  { id: 'campaigns', title: 'Campanhas' },
  { id: 'connections', title: 'Conexões' },
  { id: 'contacts', title: 'Contatos' },
  { id: 'flows', title: 'Fluxos de conversa' },
  { id: 'templates', title: 'Modelos de mensagem' },
  { id: 'administration', title: 'Administração' },
  { id: 'settings', title: 'Configurações' },
  { id: 'help', title: 'Ajuda' },
  { id: 'account', title: 'Minha conta' },
];

const r = (name: string, path: string, rule: AccessRule, section: SectionId, title: string, menu = true): AppRoute => ({
  name,
  path,
  rule,
  section,
  title,
  menu,
});

/** The same routes, gated by a feature flag. */
const gated = (feature: FeatureName, routes: readonly AppRoute[]): AppRoute[] => routes.map((route) => ({ ...route, feature }));

export const APP_ROUTES: readonly AppRoute[] = [
  r('dashboard-analytics', 'dashboard/analytics', 'check', 'dashboard', 'Análises'),
  r('dashboard-analytics2', 'dashboard/analytics2', 'check', 'dashboard', 'Novas análises'),
  r('dashboard-report', 'dashboard/report', 'check', 'dashboard', 'Relatório de atendimentos'),
  r('dashboard-security-report', 'dashboard/security-report', 'check', 'dashboard', 'Métricas de segurança'),
  ...gated(FEATURES.npsResearch, [r('dashboard-report-nps', 'dashboard/report-nps', 'check', 'dashboard', 'Pesquisa de satisfação')]),
  r('dashboard-report-new', 'dashboard/report-new', 'check', 'dashboard', 'Produtividade'),

  r('chat-attendance', 'chat/attendance', 'check', 'attendance', 'Atendimentos'),

  r('crm-reasons', 'crm/reasons', 'check', 'crm', 'Resumos de atendimento'),
  r('crm-reasons-new', 'crm/reasons/new', 'check', 'crm', 'Novo resumo de atendimento', false),
  r('crm-reasons-edit', 'crm/reasons/$id/edit', 'check', 'crm', 'Editar resumo de atendimento', false),
  r('crm-category', 'crm/category', 'check', 'crm', 'Categorias'),
  r('crm-category-add', 'crm/category/add', 'check', 'crm', 'Nova categoria', false),
  r('crm-category-edit', 'crm/category/edit/$id', 'check', 'crm', 'Editar categoria', false),
  r('crm-schedules', 'crm/schedules', 'all', 'crm', 'Mensagens agendadas'),

  ...gated(FEATURES.orders, [
    r('orders-infos', 'orders/infos', 'all', 'orders', 'Dados do cliente'),
    r('orders-product-orders', 'orders/product-orders', 'check', 'orders', 'Pedidos de produtos'),
    r('orders-pre-orders', 'orders/pre-orders', 'check', 'orders', 'Pré-pedidos'),
    r('orders-products', 'orders/products', 'check', 'orders', 'Produtos'),
    r('orders-status', 'orders/status', 'check', 'orders', 'Status de pedidos'),
    r('orders-services', 'orders/services', 'check', 'orders', 'Serviços'),
    r('orders-erp-integrations', 'orders/erp-integrations', 'check', 'orders', 'Integrações com ERP'),
    r('orders-knowledge-list', 'orders/knowledge/list', 'check', 'orders', 'Base de conhecimento'),
  ]),

  ...gated(FEATURES.campaigns, [
    r('whatsapp-campaigns', 'whatsapp/campaigns', 'check', 'campaigns', 'Campanhas'),
    r('whatsapp-campaigns-add', 'whatsapp/campaigns/add', 'check', 'campaigns', 'Nova campanha', false),
    r('whatsapp-campaigns-edit', 'whatsapp/campaigns/edit/$id', 'check', 'campaigns', 'Editar campanha', false),
  ]),

  r('instances-list', 'instances/list/$chooseInstance', 'all', 'connections', 'Conexões'),
  r('instances-build', 'instances/build/$id', 'all', 'connections', 'Conectar', false),
  r('instances-edit', 'instances/edit/$id', 'check', 'connections', 'Editar conexão', false),

  r('customers-list', 'customers/list', 'check', 'contacts', 'Contatos'),
  r('numbers-blacklist-list', 'numbers-blacklist/list', 'check', 'contacts', 'Contatos bloqueados'),
  r('knowledge-add', 'knowledge/add', 'check', 'contacts', 'Novo conhecimento', false),
  r('knowledge-edit', 'knowledge/edit/$id', 'check', 'contacts', 'Editar conhecimento', false),

  ...gated(FEATURES.chatFlows, [
    r('chat-flows-list', 'chat-flows/$type/list', 'check', 'flows', 'Fluxos passivos'),
    r('chat-flows-active-list', 'chat-flows-active/$type/list', 'check', 'flows', 'Fluxos ativos'),
  ]),

  r('meta-template-messages', 'meta/template-messages', 'check', 'templates', 'Modelos da Meta'),
  r('meta-template-messages-add', 'meta/template-messages/add', 'check', 'templates', 'Novo modelo', false),

  r('users-list', 'users/list', 'check', 'administration', 'Usuários'),
  r('user-departments-list', 'user-departments/list', 'check', 'administration', 'Departamentos'),
  r('roles-list', 'roles/list', 'check', 'administration', 'Perfis de acesso'),
  r('roles-add', 'roles/add', 'check', 'administration', 'Novo perfil', false),
  r('roles-edit', 'roles/edit/$id', 'check', 'administration', 'Editar perfil', false),

  r('configs-contract-proposal-pdf', 'configs/contract-proposal-pdf', 'check', 'settings', 'Termos de uso'),
  r('configs-dynamic-settings', 'configs/dynamic-settings', 'check', 'settings', 'Configurações dinâmicas'),
  r('configs-closing-messages', 'configs/closing-messages', 'check', 'settings', 'Mensagem de encerramento'),
  ...gated(FEATURES.npsResearch, [r('configs-nps-messages', 'configs/nps-messages', 'check', 'settings', 'Pesquisa de satisfação')]),
  r('configs-quick-answers', 'configs/quick-answers', 'check', 'settings', 'Respostas rápidas'),
  r('configs-client-form', 'configs/client-form', 'all', 'settings', 'Dados da loja'),

  r('help-training-videos', 'help/training-videos', 'check', 'help', 'Vídeos de treinamento'),
  r('help-whatsapp-protocol', 'help/whatsapp-protocol', 'check', 'help', 'Protocolo do WhatsApp'),
  r('help-support', 'help/support', 'all', 'help', 'Suporte'),
  r('help-rules', 'help/rules', 'all', 'help', 'Regras de uso'),

  r('user-settings', 'user-settings', 'all', 'account', 'Minha conta'),
];

/** Public pages: no main layout, no sign-in (SPEC §2). Paths relative to `/:tenant`. */
export const PUBLIC_PATHS = [
  'login',
  'forgot',
  'forgot/$token',
  'redirect',
  'pages/comingsoon',
  'pages/error-404',
  'pages/error-500',
  'pages/tenant-invalid',
  'not-authorized',
] as const;

/** The role that may open everything (SPEC §6). */
export const ADMIN_ROLE = 'administrador';

/** The connection chooser, where `/:tenant` lands (SPEC §2). */
export const HOME_PATH = 'instances/list/choose-instance';

export const routeByName = (name: string): AppRoute | undefined => APP_ROUTES.find((route) => route.name === name);
