import { PUBLIC_PATHS } from '../../shared/domain/routes';
import { isSignedIn } from '../state/session';

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

const isPublicPath = (rest: string): boolean =>
  PUBLIC_PATHS.some((path) => {
    const want = path.split('/');
    const have = rest.split('/');
    return want.length === have.length && want.every((part, i) => part.startsWith('$') || part === have[i]);
  });

/**
 * The tenant of a signed-in page at `pathname`, or null (public pages, no session, an address
 * the router will reject: this runs before anything that could report it).
 */
export function signedInTenantAt(pathname: string): string | null {
  const [segment = '', ...rest] = pathname.replace(/^\/+/, '').split('/');
  const tenant = decoded(segment);
  if (!tenant || isPublicPath(rest.join('/').replace(/\/+$/, ''))) return null;
  return isSignedIn(tenant) ? tenant : null;
}

/**
 * Starts opening the remembered connection's local database from the first lines of the entry,
 * as the signed-in route would once React, Mantine and the router have been evaluated and it has
 * been resolved: opening it takes longer than any of them, so the first screen's data is there
 * sooner. The signed-in route asks again later and finds it starting (or, if this failed, starts
 * it and reports what fails).
 */
export function openRememberedConnectionEarly(pathname: string): void {
  const tenant = signedInTenantAt(pathname);
  if (!tenant) return;
  import('../features/instances/signed-in-services')
    .then((m) => m.resumeActiveConnection(tenant))
    .catch(() => undefined);
}
