import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../../../src/shared/domain/routes';
import { APP_ROUTES, routeByName } from '../../../../src/shared/domain/routes';
import type { RoleAccess } from '../../../../src/shared/domain/permissions';
import { canOpenRoute, featureFlagsOf, isAdminRole, visibleSections } from '../../../../src/shared/domain/permissions';

const admin: RoleAccess = { name: 'administrador', has_permission_routes: [] };
const attendant: RoleAccess = { name: 'atendente', has_permission_routes: ['chat-attendance', 'customers-list'] };
const bare: RoleAccess = { name: 'visitante' };

const adminOnly: AppRoute = {
  name: 'admin-only',
  path: 'admin-only',
  rule: 'admin',
  section: 'administration',
  title: 'Só administrador',
  menu: true,
};

describe('canOpenRoute (SPEC §2, §6)', () => {
  it.each([
    ['rule all, any role', 'user-settings', bare, true],
    ['rule all, attendant', 'crm-schedules', attendant, true],
    ['rule check, listed', 'chat-attendance', attendant, true],
    ['rule check, listed, by its other name', 'customers-list', attendant, true],
    ['rule check, not listed', 'users-list', attendant, false],
    ['rule check, no list', 'chat-attendance', bare, false],
    ['rule check, administrador with an empty list', 'roles-edit', admin, true],
    ['unknown route name', 'no-such-route', admin, false],
  ] as const)('%s', (_label, name, role, expected) => {
    expect(canOpenRoute(name, role)).toBe(expected);
  });

  it('takes the route object as well as its name', () => {
    const route = routeByName('users-list');
    expect(route).toBeDefined();
    if (!route) return;
    expect(canOpenRoute(route, { name: 'gerente', has_permission_routes: ['users-list'] })).toBe(true);
    expect(canOpenRoute(route, attendant)).toBe(false);
  });

  it("opens rule 'admin' to administrador only, even if another role lists it", () => {
    expect(canOpenRoute(adminOnly, admin)).toBe(true);
    expect(canOpenRoute(adminOnly, { name: 'gerente', has_permission_routes: ['admin-only'] })).toBe(false);
  });

  it('matches the role name exactly', () => {
    expect(canOpenRoute('users-list', { name: 'Administrador' })).toBe(false);
    expect(canOpenRoute('users-list', { name: ' administrador' })).toBe(false);
  });

  it('lets nobody in without a role (not signed in)', () => {
    expect(canOpenRoute('user-settings', null)).toBe(false);
    expect(canOpenRoute('user-settings', undefined)).toBe(false);
  });

  it('tolerates a null route list', () => {
    expect(canOpenRoute('chat-attendance', { name: 'x', has_permission_routes: null })).toBe(false);
  });

  it('lets administrador open every route of the table', () => {
    for (const route of APP_ROUTES) expect(canOpenRoute(route, admin)).toBe(true);
  });

  it('matches list entries by route name, not by path', () => {
    expect(canOpenRoute('chat-attendance', { name: 'x', has_permission_routes: ['chat/attendance'] })).toBe(false);
  });
});

describe('isAdminRole', () => {
  it('recognises administrador only', () => {
    expect(isAdminRole(admin)).toBe(true);
    expect(isAdminRole(attendant)).toBe(false);
    expect(isAdminRole(null)).toBe(false);
  });
});

describe('visibleSections', () => {
  it('shows an attendant the sections it may open, with menu routes only, in table order', () => {
    const sections = visibleSections(attendant);
    const summary = Object.fromEntries(sections.map((s) => [s.id, s.routes.map((r) => r.name)]));
    expect(summary).toEqual({
      attendance: ['chat-attendance'],
      crm: ['crm-schedules'],
      orders: ['orders-infos'],
      connections: ['instances-list'],
      contacts: ['customers-list'],
      settings: ['configs-client-form'],
      help: ['help-support', 'help-rules'],
      account: ['user-settings'],
    });
    expect(sections.map((s) => s.id)).toEqual(Object.keys(summary));
  });

  it('keeps the section titles', () => {
    expect(visibleSections(attendant).find((s) => s.id === 'attendance')?.title).toBe('Atendimento');
  });

  it('shows administrador every menu route and no detail page', () => {
    const routes = visibleSections(admin).flatMap((s) => s.routes);
    expect(routes.map((r) => r.name)).toEqual(APP_ROUTES.filter((r) => r.menu).map((r) => r.name));
    expect(routes.some((r) => r.name === 'roles-edit')).toBe(false);
  });

  it('drops sections with nothing to open', () => {
    const ids = visibleSections(bare).map((s) => s.id);
    expect(ids).not.toContain('dashboard');
    expect(ids).not.toContain('administration');
    expect(ids).toContain('account');
  });

  it('shows nothing without a role', () => {
    expect(visibleSections(null)).toEqual([]);
  });
});

describe('feature flags gate routes (SPEC §6 Feature)', () => {
  const withCampaigns: RoleAccess = { name: 'atendente', has_permission_routes: ['whatsapp-campaigns', 'chat-attendance'] };

  it('hides every route of a disabled feature, from administrador too, in the router check and the menu', () => {
    const off = featureFlagsOf([{ name: 'campaigns', enabled: false }]);
    expect(canOpenRoute('whatsapp-campaigns', withCampaigns, off)).toBe(false);
    expect(canOpenRoute('whatsapp-campaigns-edit', admin, off)).toBe(false);
    expect(canOpenRoute('chat-attendance', withCampaigns, off)).toBe(true);
    const menu = visibleSections(admin, off).flatMap((section) => section.routes.map((route) => route.name));
    expect(menu).not.toContain('whatsapp-campaigns');
    expect(menu).toContain('chat-flows-list');
  });

  it('opens routes of enabled features, of features the tenant does not list, and when flags are not known', () => {
    expect(canOpenRoute('whatsapp-campaigns', withCampaigns, featureFlagsOf([{ name: 'campaigns', enabled: true }]))).toBe(true);
    expect(canOpenRoute('whatsapp-campaigns', withCampaigns, {})).toBe(true);
    expect(canOpenRoute('whatsapp-campaigns', withCampaigns)).toBe(true);
  });

  it('names a feature only on routes of gated areas', () => {
    const gated = APP_ROUTES.filter((route) => route.feature !== undefined).map((route) => route.name);
    expect(gated).toEqual(expect.arrayContaining(['whatsapp-campaigns', 'chat-flows-list', 'orders-products', 'dashboard-report-nps', 'configs-nps-messages']));
    expect(gated).not.toContain('chat-attendance');
    expect(gated).not.toContain('users-list');
  });
});
