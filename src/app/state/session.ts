import { proxy } from 'valtio';
import { readJson, removeKey, writeJson } from './storage';
import { readStoredSession, SESSION_KEY as KEY } from './stored-session';
import { clearStoredScreens } from '../boot/stored-screen/record';

export { readStoredSession };

/** The signed-in user as `logIn` returns it (the fields of USER_FIELDS in api/auth-operations). */
export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  username: string | null;
  twofactor_activity: boolean;
  role: { id: string; name: string; display_name: string; has_permission_routes: string[] };
  userDepartment: { id: string; name: string; activated: boolean } | null;
  userInstances: Array<{ id: string; instance_id: string; name: string | null }>;
}

export interface Session {
  tenant: string;
  token: string;
  refreshToken: string;
  /** Epoch milliseconds when `token` expires. */
  expiresAt: number;
  user: SignedInUser;
  /** "Lembrar-me": kept in localStorage across browser restarts, else only for this tab. */
  remember: boolean;
}

export interface TokenGrant {
  token: string;
  refresh_token: string;
  expires_in: number;
}

const LAST_TENANT_KEY = 'pedbot.last-tenant';

export const sessionState = proxy<{ current: Session | null }>({ current: readStoredSession() });

/**
 * Written synchronously by every action (not from a valtio subscription, which runs a microtask
 * later): another tab waiting to refresh must read the rotated pair as soon as this one is done.
 */
function persist(session: Session | null): void {
  if (!session) {
    removeKey('local', KEY);
    removeKey('session', KEY);
    // What the signed-out user's screen showed goes with their session.
    clearStoredScreens();
    return;
  }
  writeJson(session.remember ? 'local' : 'session', KEY, session);
  removeKey(session.remember ? 'session' : 'local', KEY);
}

function replace(session: Session | null): void {
  sessionState.current = session;
  persist(session);
}

const expiryOf = (grant: TokenGrant, now: number) => now + grant.expires_in * 1000;

export function startSession(
  tenant: string,
  grant: TokenGrant,
  user: SignedInUser,
  remember: boolean,
  now = Date.now(),
): void {
  writeJson('local', LAST_TENANT_KEY, tenant);
  replace({
    tenant,
    token: grant.token,
    refreshToken: grant.refresh_token,
    expiresAt: expiryOf(grant, now),
    user,
    remember,
  });
}

export function updateTokens(grant: TokenGrant, now = Date.now()): void {
  const session = sessionState.current;
  if (!session) return;
  replace({ ...session, token: grant.token, refreshToken: grant.refresh_token, expiresAt: expiryOf(grant, now) });
}

/** The signed-in user as the server describes it now (role or department changed meanwhile). */
export function updateSignedInUser(tenant: string, user: SignedInUser): void {
  const session = sessionFor(tenant);
  if (!session || String(session.user.id) !== String(user.id)) return;
  replace({ ...session, user });
}

export function adoptSession(session: Session): void {
  replace(session);
}

export function endSession(): void {
  replace(null);
}

/** Remembered sessions are shared by the tabs: a sign-in, refresh or sign-out in one reaches all. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY || event.storageArea !== localStorage) return;
    if (event.newValue) sessionState.current = JSON.parse(event.newValue) as Session;
    else if (sessionState.current?.remember) sessionState.current = null;
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** The tenant this browser last signed in to: where the installed app (start_url '/') opens. */
export const lastTenant = (): string | null => readJson<string>('local', LAST_TENANT_KEY);

/** The session of this tenant; a session of another tenant does not sign anyone in here. */
export const sessionFor = (tenant: string): Session | null =>
  sessionState.current?.tenant === tenant ? sessionState.current : null;

/**
 * Signed in = a session for this tenant that can still get an access token: an expired access
 * token is refreshed on the next call, so it does not sign the user out (and offline it must not).
 */
export const isSignedIn = (tenant: string): boolean => {
  const session = sessionFor(tenant);
  return !!session && (!!session.refreshToken || session.expiresAt > Date.now());
};

export const isTokenFresh = (session: Session, now = Date.now(), marginMs = 10_000): boolean =>
  session.expiresAt - marginMs > now;
