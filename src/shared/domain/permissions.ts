import type { AppRoute, SectionId } from './routes';
import { ADMIN_ROLE, APP_ROUTES, SECTIONS, routeByName } from './routes';

/**
 * Route access (SPEC §2, §6), the one function used by the router, the menu and the server:
 * 'all' opens to any signed-in user, 'admin' to the administrador role only, 'check' to roles
 * that list the route's name (and to administrador, which passes everything).
 */
export interface RoleAccess {
  name: string;
  has_permission_routes?: readonly string[] | null;
}

export const isAdminRole = (role: RoleAccess | null | undefined): boolean => role?.name === ADMIN_ROLE;

/**
 * The tenant's feature flags by name (`getFeature`): a route whose feature is off (`false`) opens to
 * nobody, administrador included. A flag the tenant does not list is on. Omitted (not known yet):
 * routes are judged by role alone.
 */
export type FeatureFlags = Readonly<Record<string, boolean>>;

/** getFeature's list as FeatureFlags. */
export const featureFlagsOf = (features: ReadonlyArray<{ name: string; enabled: boolean }>): FeatureFlags =>
  Object.fromEntries(features.map((feature) => [feature.name, feature.enabled]));

export const isFeatureOpen = (route: AppRoute, features: FeatureFlags | null | undefined): boolean =>
  route.feature === undefined || features?.[route.feature] !== false;

/** A route given by name that is not in APP_ROUTES is never allowed; no role means not signed in. */
export function canOpenRoute(route: AppRoute | string, role: RoleAccess | null | undefined, features?: FeatureFlags | null): boolean {
  const target = typeof route === 'string' ? routeByName(route) : route;
  if (!target || !role || !isFeatureOpen(target, features)) return false;
  if (target.rule === 'all' || isAdminRole(role)) return true;
  if (target.rule === 'admin') return false;
  return role.has_permission_routes?.includes(target.name) ?? false;
}

export interface VisibleSection {
  id: SectionId;
  title: string;
  routes: AppRoute[];
}

/** The side menu: sections in SECTIONS order with the menu routes the role may open; empty ones left out. */
export function visibleSections(role: RoleAccess | null | undefined, features?: FeatureFlags | null): VisibleSection[] {
  return SECTIONS.map((section) => ({
    id: section.id,
    title: section.title,
    routes: APP_ROUTES.filter((route) => route.section === section.id && route.menu && canOpenRoute(route, role, features)),
  })).filter((section) => section.routes.length > 0);
}
