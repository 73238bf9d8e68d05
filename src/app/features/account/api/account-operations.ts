import { gqlRequest } from '../../../api/graphql-client';
import type { RequestOptions } from '../../../api/graphql-client';

/** The signed-in user as Minha conta shows it (userInfos, SPEC §3 User). */
export interface AccountInfo {
  id: string;
  name: string;
  email: string;
  username: string | null;
  image: string | null;
  twofactor_activity: boolean;
  role: { id: string; display_name: string };
  userDepartment: { id: string; name: string; activated: boolean } | null;
  userInstances: Array<{ id: string; instance_id: string; name: string | null }>;
}

export interface TwoFactorSetup {
  /** otpauth:// URI of the pending secret. */
  uri: string;
  /** The URI as a PNG data URL. */
  qrcode: string;
  /** Base32 secret, for typing into the app by hand. */
  secret: string;
}

type Options = Pick<RequestOptions, 'notify' | 'signal'>;

export async function fetchAccount(tenant: string, options: Options = {}): Promise<AccountInfo> {
  const data = await gqlRequest<{ userInfos: AccountInfo }>(
    `query AccountInfo { userInfos {
      id name email username image twofactor_activity
      role { id display_name }
      userDepartment { id name activated }
      userInstances { id instance_id name }
    } }`,
    {},
    { tenant, ...options },
  );
  return data.userInfos;
}

/** updateUserPassword: this session (its refresh token) stays signed in; the others end. */
export async function changePassword(
  tenant: string,
  input: { current_password: string; password: string; refresh_token: string | null },
): Promise<void> {
  await gqlRequest(
    `mutation UpdateUserPassword($current_password: String!, $password: String!, $refresh_token: String) {
      updateUserPassword(current_password: $current_password, password: $password, refresh_token: $refresh_token)
    }`,
    input,
    { tenant },
  );
}

/** A new pending secret; the active one (if any) keeps working until a code of this one confirms it. */
export async function generateTwoFactorSetup(tenant: string): Promise<TwoFactorSetup> {
  const data = await gqlRequest<{ generateQrcode: TwoFactorSetup }>(
    'mutation GenerateQrcode { generateQrcode(verifyActivity: true) { uri qrcode secret } }',
    {},
    { tenant },
  );
  return data.generateQrcode;
}

/** Turns two-factor on with a code of the pending secret; failures are left to the caller to show. */
export async function activateTwoFactor(tenant: string, code: string): Promise<void> {
  await gqlRequest('mutation ActivateTwoFactor($code: String) { twoFactorActivity(validate: $code) }', { code }, { tenant, notify: false });
}

/** Turns two-factor off; the server wants the current password and counts a wrong one towards the sign-in lock. */
export async function deactivateTwoFactor(tenant: string, currentPassword: string): Promise<void> {
  await gqlRequest(
    'mutation DeactivateTwoFactor($current_password: String) { twoFactorActivity(validate: null, current_password: $current_password) }',
    { current_password: currentPassword },
    { tenant },
  );
}
