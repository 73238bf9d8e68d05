import type { DefaultTimestamp, Defaulted, Id, NullableTimestamp, Timestamp } from './columns';

export interface TenantsTable {
  id: Id;
  slug: string;
  name: string;
  created_at: DefaultTimestamp;
  /** Set by `npm run tenant -- disable`: the tenant's pages and tokens stop working. */
  disabled_at: NullableTimestamp;
}

export interface RolesTable {
  tenant_id: number;
  id: Id;
  name: string;
  display_name: string;
  has_permission_routes: Defaulted<string[]>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface UserDepartmentsTable {
  tenant_id: number;
  id: Id;
  name: string;
  activated: Defaulted<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface UsersTable {
  tenant_id: number;
  id: Id;
  email: string;
  name: string;
  image: string | null;
  username: string | null;
  password_hash: string;
  attempts: Defaulted<number>;
  blocked_at: NullableTimestamp;
  from_alpha7: Defaulted<boolean>;
  is_connected: Defaulted<boolean>;
  last_seen_at: NullableTimestamp;
  twofactor_activity: Defaulted<boolean>;
  google2fa_secret: string | null;
  google2fa_pending_secret: string | null;
  totp_last_step: number | null;
  expiration_password: NullableTimestamp;
  role_id: number;
  user_department_id: number | null;
  /** Access tokens signed before the current epoch are refused (migration 0100). */
  session_epoch: Defaulted<number>;
  deleted_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface UserInstancesTable {
  tenant_id: number;
  id: Id;
  user_id: number;
  instance_id: number;
  created_at: DefaultTimestamp;
}

export interface RefreshTokensTable {
  tenant_id: number;
  id: Id;
  user_id: number;
  family_id: string;
  token_hash: string;
  remember: Defaulted<boolean>;
  ip: string | null;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface PasswordResetsTable {
  tenant_id: number;
  id: Id;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface IntegrationTokensTable {
  tenant_id: number;
  id: Id;
  user_id: number;
  name: string;
  token_hash: string;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface AuthTables {
  tenants: TenantsTable;
  roles: RolesTable;
  user_departments: UserDepartmentsTable;
  users: UsersTable;
  user_instances: UserInstancesTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  integration_tokens: IntegrationTokensTable;
}
