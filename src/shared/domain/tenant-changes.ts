/**
 * What an admin edit that signed-in users must see at once announces on the tenant's channel
 * (DESIGN §5a "Realtime for admin changes"). The kind is also the first element of the query
 * keys of the screens that show it, so one event invalidates exactly what it changed.
 */
export const TENANT_CHANGE_KINDS = [
  'users',
  'roles',
  'departments',
  'features',
  'instances',
  'settings',
  'store_info',
  'quick_answers',
  'crm_reasons',
  'categories',
  'customers',
  'customer_groups',
  'blocklist',
  'knowledge',
  'schedules',
  'campaigns',
  'flows',
  'help',
  'reports',
] as const;

export type TenantChangeKind = (typeof TENANT_CHANGE_KINDS)[number];

export interface TenantChange {
  kind: TenantChangeKind;
  /** The changed row, when one row changed; null for a change of the whole set. */
  id: string | null;
}

export const isTenantChangeKind = (value: unknown): value is TenantChangeKind =>
  typeof value === 'string' && (TENANT_CHANGE_KINDS as readonly string[]).includes(value);
