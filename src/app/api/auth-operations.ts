import { endSession, sessionFor, updateSignedInUser } from '../state/session';
import type { SignedInUser, TokenGrant } from '../state/session';
import { clientIp } from './client-ip';
import { gqlRequest } from './graphql-client';

/** The user fields the app keeps in the session (SignedInUser). */
export const USER_FIELDS = `id email name image username twofactor_activity
  role { id name display_name has_permission_routes }
  userDepartment { id name activated }
  userInstances { id instance_id name }`;

const LOGIN_FIELDS = `token refresh_token expires_in two_factor_required user { ${USER_FIELDS} }`;

export interface LoginPayload {
  token: string | null;
  refresh_token: string | null;
  expires_in: number | null;
  two_factor_required: boolean;
  user: SignedInUser | null;
}

/** The token pair of a completed sign-in, or null while the second factor is missing. */
export const grantOf = (payload: LoginPayload): { grant: TokenGrant; user: SignedInUser } | null =>
  payload.token && payload.refresh_token && payload.expires_in !== null && payload.user
    ? { grant: { token: payload.token, refresh_token: payload.refresh_token, expires_in: payload.expires_in }, user: payload.user }
    : null;

export interface LoginInput {
  email: string;
  password: string;
  remember: boolean;
  tokenTwoFactor?: string;
}

export async function logIn(tenant: string, input: LoginInput): Promise<LoginPayload> {
  const data = await gqlRequest<{ logIn: LoginPayload }>(
    `mutation LogIn($email: String!, $password: String!, $remember: Boolean, $ip: String, $tokenTwoFactor: String) {
      logIn(email: $email, password: $password, remember: $remember, ip: $ip, tokenTwoFactor: $tokenTwoFactor) { ${LOGIN_FIELDS} }
    }`,
    { ...input, ip: await clientIp() },
    { tenant, auth: false, notify: false },
  );
  return data.logIn;
}

export async function integrationLogIn(tenant: string, accessToken: string): Promise<LoginPayload> {
  const data = await gqlRequest<{ integrationLogIn: LoginPayload }>(
    `mutation IntegrationLogIn($access_token: String!) { integrationLogIn(access_token: $access_token) { ${LOGIN_FIELDS} } }`,
    { access_token: accessToken },
    { tenant, auth: false, notify: false },
  );
  return data.integrationLogIn;
}

export async function requestPasswordReset(tenant: string, email: string): Promise<void> {
  await gqlRequest(`mutation Forgot($email: String!) { forgot(email: $email) }`, { email }, { tenant, auth: false });
}

export async function resetPassword(tenant: string, token: string, password: string): Promise<void> {
  await gqlRequest(
    `mutation ResetPassword($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }`,
    { token, password },
    { tenant, auth: false },
  );
}

/** Marks the user online after a sign-in; a failure here must not undo the sign-in. */
export async function announceConnected(tenant: string): Promise<void> {
  await gqlRequest(`mutation Connected($ip: String) { connected(ip: $ip) }`, { ip: await clientIp() }, { tenant, notify: false }).catch(
    () => undefined,
  );
}

/**
 * Reads the signed-in user again (role, routes, department, connections) and updates the active
 * user state, so the menu and the route guard follow an administrator's change at once. A user
 * who was disconnected or deleted gets 401 'Unauthorized' and goes to login (gqlRequest).
 */
export async function reloadSignedInUser(tenant: string): Promise<void> {
  const data = await gqlRequest<{ userInfos: SignedInUser }>(`query SignedInUser { userInfos { ${USER_FIELDS} } }`, {}, {
    tenant,
    notify: false,
  });
  updateSignedInUser(tenant, data.userInfos);
}

const SIGN_OUT_TIMEOUT_MS = 3_000;

/** Logout: the server revokes this session's refresh family (even offline the local session ends). */
export async function signOut(tenant: string): Promise<void> {
  const session = sessionFor(tenant);
  if (session) {
    await gqlRequest(
      `mutation Disconnected($ip: String, $refresh_token: String) { disconnected(ip: $ip, refresh_token: $refresh_token) }`,
      { ip: await clientIp(), refresh_token: session.refreshToken },
      { tenant, notify: false, signal: AbortSignal.timeout(SIGN_OUT_TIMEOUT_MS) },
    ).catch(() => undefined);
  }
  endSession();
}
