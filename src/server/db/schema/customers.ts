import type { Generated } from 'kysely';
import type { DefaultTimestamp, Defaulted, Id, NullableTimestamp } from './columns';
import type { ChangeXid } from './sync';

export interface CustomerGroupsTable {
  tenant_id: number;
  id: Id;
  name: string;
  color_tag: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** SPEC §3 Customer; replicated as `customers`. */
export interface CustomersTable {
  tenant_id: number;
  id: Id;
  name: string | null;
  image: string | null;
  address: string | null;
  open_field: string | null;
  is_favorite: Defaulted<boolean>;
  phone_number: string;
  is_blacklisted: Defaulted<boolean>;
  is_blacklisted_campaign: Defaulted<boolean>;
  document_register: string | null;
  group_of_customer_id: number | null;
  blacklisted_at: NullableTimestamp;
  blacklisted_by: number | null;
  blacklisted_campaign_at: NullableTimestamp;
  blacklisted_campaign_by: number | null;
  /** Asked for no more campaigns (0144). */
  campaign_opted_out_at: NullableTimestamp;
  /** Generated from document_register: its digits, for search. */
  document_digits: Generated<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: NullableTimestamp;
  change_xid: ChangeXid;
  vis_xid: ChangeXid;
}

export interface CustomerTables {
  customer_groups: CustomerGroupsTable;
  customers: CustomersTable;
}
