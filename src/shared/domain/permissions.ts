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

/** A route given by name that is not in APP_ROUTES is never allowed; no role means not signed in. */
export function canOpenRoute(route: AppRoute | string, role: RoleAccess | null | undefined): boolean {
  const target = typeof route === 'string' ? routeByName(route) : route;
  if (!target || !role) return false;
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
export function visibleSections(role: RoleAccess | null | undefined): VisibleSection[] {
  return SECTIONS.map((section) => ({
    id: section.id,
    title: section.title,
    routes: APP_ROUTES.filter((route) => route.section === section.id && route.menu && canOpenRoute(route, role)),
  })).filter((section) => section.routes.length > 0);
}
