import { gqlRequest } from '../../../api/graphql-client';
import type { GroupedSum } from '../../../../shared/domain/metrics';

/**
 * The report operations (reports.graphql, audit.graphql). Dashboards are admin screens that read
 * the server directly (DESIGN §4); the shared client shows failures as SPEC §8 notices.
 */
export interface ReportFilter {
  from: string;
  to: string;
  instance_ids?: string[];
  department_ids?: string[];
  user_ids?: string[];
  campaign_ids?: string[];
  category_ids?: string[];
  reason_ids?: string[];
  /** Durations in the store's opening hours instead of wall-clock. */
  business_hours?: boolean;
}

export type Dimension = 'day' | 'hour' | 'instance' | 'department' | 'user' | 'campaign' | 'category' | 'reason';

export interface Named {
  id: string;
  name: string;
}

export interface ReportNames {
  instances: Named[];
  departments: Named[];
  users: Named[];
  campaigns: Named[];
  categories: Named[];
  reasons: Named[];
}

export interface LiveQueue {
  waiting: number;
  longest_wait_seconds: number | null;
  in_service: number;
  attendants: Array<{ id: string; name: string; online: boolean; open_tickets: number }>;
}

export interface ReportTicket {
  id: string;
  protocol: string | null;
  instance_id: string;
  customer_id: string;
  customer_name: string | null;
  user_name: string | null;
  created_at: string;
  finished_at: string | null;
  finished_ticket: boolean;
  grade: number | null;
}

export interface SurveyAnswer {
  ticket_id: string;
  instance_id: string;
  customer_id: string;
  customer_name: string | null;
  user_id: string | null;
  user_name: string | null;
  grade: number;
  comment: string | null;
  answered_at: string;
}

export interface AuditEntry {
  id: string;
  at: string;
  action: string;
  user_id: string | null;
  user_name: string | null;
  actor_name: string | null;
  email: string | null;
  claimed_ip: string | null;
  remote_ip: string | null;
  detail: string | null;
}

export interface SavedReport {
  id: string;
  name: string;
  definition: string;
  updated_at: string;
}

const opts = (tenant: string, signal?: AbortSignal) => ({ tenant, signal });

export async function fetchSums(tenant: string, filter: ReportFilter, groupBy: Dimension[], metrics?: string[], signal?: AbortSignal): Promise<GroupedSum[]> {
  const data = await gqlRequest<{ reportSums: GroupedSum[] }>(
    'query ReportSums($f: ReportFilter!, $g: [ReportDimension!]!, $m: [String!]) { reportSums(filter: $f, group_by: $g, metrics: $m) { keys metric count total } }',
    { f: filter, g: groupBy, m: metrics ?? null },
    opts(tenant, signal),
  );
  return data.reportSums;
}

export async function fetchNames(tenant: string, signal?: AbortSignal): Promise<ReportNames> {
  const list = '{ id name }';
  const data = await gqlRequest<{ reportNames: ReportNames }>(
    `query ReportNames { reportNames { instances ${list} departments ${list} users ${list} campaigns ${list} categories ${list} reasons ${list} } }`,
    {},
    opts(tenant, signal),
  );
  return data.reportNames;
}

export async function fetchLiveQueue(tenant: string, instanceIds: string[] | undefined, signal?: AbortSignal): Promise<LiveQueue> {
  const data = await gqlRequest<{ reportLiveQueue: LiveQueue }>(
    'query LiveQueue($i: [ID!]) { reportLiveQueue(instance_ids: $i) { waiting longest_wait_seconds in_service attendants { id name online open_tickets } } }',
    { i: instanceIds ?? null },
    opts(tenant, signal),
  );
  return data.reportLiveQueue;
}

export async function fetchTicketsBehind(tenant: string, filter: ReportFilter, metric: string, day: string | null, hour: number | null, signal?: AbortSignal): Promise<ReportTicket[]> {
  const data = await gqlRequest<{ reportTickets: ReportTicket[] }>(
    `query ReportTickets($f: ReportFilter!, $m: String!, $d: String, $h: Int) { reportTickets(filter: $f, metric: $m, day: $d, hour: $h, limit: 200) {
      id protocol instance_id customer_id customer_name user_name created_at finished_at finished_ticket grade } }`,
    { f: filter, m: metric, d: day, h: hour },
    opts(tenant, signal),
  );
  return data.reportTickets;
}

export async function fetchSurveyAnswers(tenant: string, filter: ReportFilter, maxGrade: number | null, signal?: AbortSignal): Promise<SurveyAnswer[]> {
  const data = await gqlRequest<{ reportSurveyAnswers: SurveyAnswer[] }>(
    `query SurveyAnswers($f: ReportFilter!, $g: Int) { reportSurveyAnswers(filter: $f, max_grade: $g, limit: 500) {
      ticket_id instance_id customer_id customer_name user_id user_name grade comment answered_at } }`,
    { f: filter, g: maxGrade },
    opts(tenant, signal),
  );
  return data.reportSurveyAnswers;
}

export async function fetchNpsScale(tenant: string, signal?: AbortSignal): Promise<string> {
  return (await gqlRequest<{ reportNpsScale: string }>('query NpsScale { reportNpsScale }', {}, opts(tenant, signal))).reportNpsScale;
}

export async function fetchSecurityEvents(
  tenant: string,
  query: { from: string; to: string; actions?: string[]; ip?: string },
  signal?: AbortSignal,
): Promise<{ items: AuditEntry[]; total: number }> {
  const data = await gqlRequest<{ securityEvents: { items: AuditEntry[]; total: number } }>(
    `query SecurityEvents($from: String!, $to: String!, $a: [String!], $ip: String) { securityEvents(from: $from, to: $to, actions: $a, ip: $ip, limit: 1000) {
      total items { id at action user_id user_name actor_name email claimed_ip remote_ip detail } } }`,
    { from: query.from, to: query.to, a: query.actions?.length ? query.actions : null, ip: query.ip || null },
    opts(tenant, signal),
  );
  return data.securityEvents;
}

export async function fetchSecurityCounts(tenant: string, from: string, to: string, by: 'user' | 'ip', signal?: AbortSignal) {
  const data = await gqlRequest<{ securityCounts: Array<{ key: string; action: string; count: number }> }>(
    'query SecurityCounts($from: String!, $to: String!, $by: String!) { securityCounts(from: $from, to: $to, by: $by) { key action count } }',
    { from, to, by },
    opts(tenant, signal),
  );
  return data.securityCounts;
}

export async function fetchSavedReports(tenant: string, signal?: AbortSignal): Promise<SavedReport[]> {
  return (await gqlRequest<{ savedReports: SavedReport[] }>('query SavedReports { savedReports { id name definition updated_at } }', {}, opts(tenant, signal))).savedReports;
}

export async function saveReport(tenant: string, name: string, definition: string): Promise<SavedReport> {
  const data = await gqlRequest<{ saveReport: SavedReport }>(
    'mutation SaveReport($n: String!, $d: String!) { saveReport(name: $n, definition: $d) { id name definition updated_at } }',
    { n: name, d: definition },
    { tenant },
  );
  return data.saveReport;
}

export async function deleteSavedReport(tenant: string, id: string): Promise<void> {
  await gqlRequest<{ deleteSavedReport: boolean }>('mutation DeleteSavedReport($id: ID!) { deleteSavedReport(id: $id) }', { id }, { tenant });
}
