import type { ColumnType } from 'kysely';
import type { DefaultTimestamp, Defaulted, Id, NullableTimestamp } from './columns';
import type { ChangeXid } from './sync';

/** SPEC §3 ChatTicket (camelCase spec fields stored snake_case); replicated as `chattickets`. */
export interface ChatTicketsTable {
  tenant_id: number;
  id: Id;
  instance_id: number;
  customer_id: number;
  user_id: number | null;
  previous_user_id: number | null;
  campaign_id: number | null;
  is_campaign: Defaulted<boolean>;
  finished_ticket: Defaulted<boolean>;
  open_by_template: Defaulted<boolean>;
  last_msg: NullableTimestamp;
  last_msg_preview: string | null;
  last_msg_id: number | null;
  protocol: string | null;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  last_cost_created_at: NullableTimestamp;
  is_finishing: Defaulted<boolean>;
  unseen_msg: Defaulted<number>;
  is_not_responded: Defaulted<boolean>;
  inbox: Defaulted<boolean>;
  inbox_department_id: number | null;
  is_research: Defaulted<boolean>;
  grade: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: NullableTimestamp;
  list_at: ColumnType<Date, never, never>;
  change_xid: ChangeXid;
  vis_xid: ChangeXid;
}

export interface TicketTransfersTable {
  tenant_id: number;
  id: Id;
  chat_ticket_id: number;
  previous_user_id: number | null;
  next_user_id: number;
  created_by: number | null;
  /** Why the ticket moved: an attendant's transfer, or one of the two automatic ones (SPEC §4). */
  cause: Defaulted<'direct' | 'no_response' | 'attendant_removed'>;
  created_at: DefaultTimestamp;
  transfer_at: NullableTimestamp;
  transferred_at: NullableTimestamp;
}

export interface TicketTables {
  chat_tickets: ChatTicketsTable;
  ticket_transfers: TicketTransfersTable;
}
