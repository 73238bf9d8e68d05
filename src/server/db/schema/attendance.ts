import type { DefaultTimestamp, Defaulted, Id } from './columns';

/** Attendance-summary reasons (CRM) offered when a ticket is closed. */
export interface CrmReasonsTable {
  tenant_id: number;
  id: Id;
  name: string;
  activated: Defaulted<boolean>;
  /** Closing with this reason needs a note (0141). */
  requires_note: Defaulted<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** How and by whom a ticket was closed. */
export interface TicketClosingsTable {
  tenant_id: number;
  id: Id;
  chat_ticket_id: number;
  crm_reason_id: number;
  note: string | null;
  closed_by: number;
  closed_at: DefaultTimestamp;
}

export interface AttendanceTables {
  crm_reasons: CrmReasonsTable;
  ticket_closings: TicketClosingsTable;
}
