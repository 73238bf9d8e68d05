import type { ColumnType } from 'kysely';
import type { DefaultTimestamp, Defaulted, Id, NullableTimestamp } from './columns';

/** Chat flows (issue 16), their published versions and running sessions. */
export interface ChatFlowsTable {
  tenant_id: number;
  id: Id;
  name: string;
  kind: 'passive' | 'active';
  draft: ColumnType<unknown, string, string>;
  published_version_id: number | null;
  expire_minutes: Defaulted<number>;
  expire_message: string | null;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: NullableTimestamp;
}

export interface ChatFlowVersionsTable {
  tenant_id: number;
  id: Id;
  flow_id: number;
  version: number;
  definition: ColumnType<unknown, string, string>;
  published_by: number | null;
  published_at: DefaultTimestamp;
}

export interface ChatFlowSessionsTable {
  tenant_id: number;
  id: Id;
  flow_id: number;
  version_id: number;
  chat_ticket_id: number;
  instance_id: number;
  customer_id: number;
  status: string;
  state: ColumnType<unknown, string, string>;
  step: Defaulted<number>;
  last_message_id: number | null;
  started_by: number | null;
  start_key: Defaulted<string | null>;
  started_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  ended_at: NullableTimestamp;
}

export interface FlowTables {
  chat_flows: ChatFlowsTable;
  chat_flow_versions: ChatFlowVersionsTable;
  chat_flow_sessions: ChatFlowSessionsTable;
}
