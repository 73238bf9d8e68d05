import type { DefaultTimestamp, Id } from './columns';

/** A ticket's transitions as the reports read them (written by trigger, 0160-report-rollups.sql). */
export interface ReportTicketEventsTable {
  tenant_id: number;
  id: Id;
  chat_ticket_id: number;
  kind: 'opened' | 'reopened' | 'picked' | 'transferred' | 'closed' | 'graded';
  at: DefaultTimestamp;
  user_id: number | null;
  from_user_id: number | null;
  inbox: boolean | null;
  survey: boolean | null;
  grade: number | null;
}

export interface ReportDirtyTicketsTable {
  tenant_id: number;
  id: Id;
  chat_ticket_id: number;
}

interface CellColumns {
  tenant_id: number;
  day: string;
  hour: number;
  instance_id: number;
  department_id: number;
  user_id: number;
  campaign_id: number;
  category_id: number;
  reason_id: number;
  metric: string;
  count: number;
  total: number;
  /** The total with durations in the store's opening hours only (0163). */
  business_total: number;
}

export interface ReportTicketCellsTable extends CellColumns {
  chat_ticket_id: number;
}

export type ReportRollupsTable = CellColumns;
/** The rollups by category: a ticket counts once in each of its categories (0163). */
export type ReportCategoryRollupsTable = CellColumns;

/** A report of the builder (dashboard/report-new), saved by name for the tenant. */
export interface SavedReportsTable {
  tenant_id: number;
  id: Id;
  name: string;
  definition: string;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** Security-relevant actions (dashboard/security-report), written by recordAudit. */
export interface AuditLogTable {
  tenant_id: number;
  id: Id;
  at: DefaultTimestamp;
  action: string;
  user_id: number | null;
  actor_id: number | null;
  email: string | null;
  claimed_ip: string | null;
  remote_ip: string | null;
  detail: string | null;
}

export interface ReportTables {
  report_ticket_events: ReportTicketEventsTable;
  report_dirty_tickets: ReportDirtyTicketsTable;
  report_ticket_cells: ReportTicketCellsTable;
  report_rollups: ReportRollupsTable;
  report_category_rollups: ReportCategoryRollupsTable;
  saved_reports: SavedReportsTable;
  audit_log: AuditLogTable;
}
