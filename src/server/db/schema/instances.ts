import type { DefaultTimestamp, Defaulted, Id } from './columns';

export type InstanceChannel = 'sandbox' | 'cloud-api';

/** A connection to a messaging number (SPEC §3 Instance) and the channel that carries it. */
export interface InstancesTable {
  tenant_id: number;
  id: Id;
  name: string;
  channel: Defaulted<InstanceChannel>;
  hub_host: string | null;
  activated: Defaulted<boolean>;
  browser_session: string | null;
  reset_finished: Defaulted<boolean>;
  phone_number: string | null;
  qr_code: string | null;
  waba_id: string | null;
  is_official: Defaulted<boolean>;
  official_token: string | null;
  messaging_send: Defaulted<number>;
  messaging_limit: string | null;
  official_phone_id: string | null;
  integration_id: string | null;
  broker: string | null;
  dialog_params: Defaulted<Record<string, unknown>>;
  /** The department whose inbox receives the connection's new tickets (migration 0100). */
  default_department_id: Defaulted<number | null>;
  passive_flow_id: Defaulted<number | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** The departments allowed to serve a connection (migration 0100). */
export interface InstanceDepartmentsTable {
  tenant_id: number;
  instance_id: number;
  department_id: number;
  created_at: DefaultTimestamp;
}

export interface InstanceTables {
  instances: InstancesTable;
  instance_departments: InstanceDepartmentsTable;
}
