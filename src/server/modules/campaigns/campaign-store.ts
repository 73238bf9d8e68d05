import { sql } from 'kysely';
import { formatTimestamp } from '../../../shared/domain/datetime';
import type { Campaign, CampaignCounts } from '../../../shared/graphql/generated';
import type { Config } from '../../config';
import type { Tx } from '../../db/database';
import { limitOf, throughputOf } from './campaign-pacing-source';

const stamp = (value: Date | null): string | null => (value ? formatTimestamp(value) : null);

export interface CampaignFilter {
  id?: number;
  status?: string | null;
  search?: string | null;
}

/** Campaign rows with what the screens show next to them (connection, author, flow). */
export function campaignQuery(tx: Tx, tenantId: number, filter: CampaignFilter = {}) {
  let query = tx
    .selectFrom('campaigns as k')
    .innerJoin('instances as i', (join) => join.onRef('i.tenant_id', '=', 'k.tenant_id').onRef('i.id', '=', 'k.instance_id'))
    .leftJoin('users as u', (join) => join.onRef('u.tenant_id', '=', 'k.tenant_id').onRef('u.id', '=', 'k.created_by'))
    .leftJoin('chat_flows as f', (join) => join.onRef('f.tenant_id', '=', 'k.tenant_id').onRef('f.id', '=', 'k.flow_id'))
    .selectAll('k')
    .select(['i.name as instance_name', 'i.channel', 'i.messaging_send', 'i.messaging_limit', 'u.name as created_by_name', 'f.name as flow_name'])
    .where('k.tenant_id', '=', tenantId);
  if (filter.id !== undefined) query = query.where('k.id', '=', filter.id);
  if (filter.status) query = query.where('k.status', '=', filter.status as never);
  if (filter.search) query = query.where('k.name', 'ilike', `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`);
  return query.orderBy('k.id', 'desc');
}

export type CampaignRow = Awaited<ReturnType<ReturnType<typeof campaignQuery>['execute']>>[number];

type StateCounts = Omit<CampaignCounts, 'excluded_blacklisted' | 'excluded_opted_out' | 'excluded_invalid'>;

const EMPTY: StateCounts = { total: 0, queued: 0, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0, canceled: 0 };

/** Recipients per state of each campaign (one grouped read). */
export async function stateCounts(tx: Tx, tenantId: number, ids: readonly number[]): Promise<Map<number, StateCounts>> {
  const out = new Map<number, StateCounts>();
  if (ids.length === 0) return out;
  const { rows } = await sql<{ campaign_id: number; state: keyof StateCounts; n: number }>`
    select campaign_id, state, count(*)::int as n from campaign_recipients
    where tenant_id = ${tenantId} and campaign_id = any(${[...ids]}::bigint[])
    group by campaign_id, state`.execute(tx);
  for (const row of rows) {
    const id = Number(row.campaign_id);
    const counts = out.get(id) ?? { ...EMPTY };
    counts[row.state] = row.n;
    counts.total += row.n;
    out.set(id, counts);
  }
  return out;
}

interface StoredVariable {
  key: string;
  field?: string | null;
  value?: string | null;
}

interface StoredAudience {
  group_ids?: number[];
  category_ids?: number[];
  customer_ids?: number[];
  csv_numbers?: number;
}

export function campaignOut(row: CampaignRow, counts: StateCounts | undefined, config: Pick<Config, 'cloudApiMessagesPerSecond'>): Campaign {
  const audience = (row.audience ?? {}) as StoredAudience;
  const variables = (Array.isArray(row.template_variables) ? row.template_variables : []) as StoredVariable[];
  const limit = limitOf(row);
  return {
    id: String(row.id),
    name: row.name,
    instance_id: String(row.instance_id),
    instance_name: row.instance_name,
    is_official: row.channel === 'cloud-api',
    status: row.status,
    message: row.message,
    message_template_id: row.message_template_id === null ? null : String(row.message_template_id),
    template_name: row.template_name,
    template_language: row.template_language,
    template_variables: variables.map((v) => ({ key: v.key, field: v.field ?? null, value: v.value ?? null })),
    flow_id: row.flow_id === null ? null : String(row.flow_id),
    flow_name: row.flow_name,
    send_at: stamp(row.send_at),
    audience: {
      group_ids: (audience.group_ids ?? []).map(String),
      category_ids: (audience.category_ids ?? []).map(String),
      customer_ids: (audience.customer_ids ?? []).map(String),
      csv_numbers: audience.csv_numbers ?? 0,
    },
    counts: {
      ...(counts ?? EMPTY),
      excluded_blacklisted: row.excluded_blacklisted,
      excluded_opted_out: row.excluded_opted_out,
      excluded_invalid: row.excluded_invalid,
    },
    warning: row.warning,
    resumes_at: stamp(row.resumes_at),
    throughput_per_second: throughputOf(row, config),
    messaging_limit: typeof limit === 'number' ? String(limit) : limit,
    created_by_name: row.created_by_name,
    created_at: formatTimestamp(row.created_at),
    started_at: stamp(row.started_at),
    finished_at: stamp(row.finished_at),
    updated_at: formatTimestamp(row.updated_at),
  };
}

/** Campaigns as the API answers them, counts included. */
export async function readCampaigns(tx: Tx, tenantId: number, config: Pick<Config, 'cloudApiMessagesPerSecond'>, filter: CampaignFilter = {}): Promise<Campaign[]> {
  const rows = await campaignQuery(tx, tenantId, filter).limit(500).execute();
  const counts = await stateCounts(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => campaignOut(row, counts.get(row.id), config));
}
