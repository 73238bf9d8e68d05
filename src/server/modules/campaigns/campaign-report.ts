import { sql } from 'kysely';
import { RECIPIENT_STATE_LABELS, type RecipientState } from '../../../shared/domain/campaigns/campaign-states';
import { formatTimestamp } from '../../../shared/domain/datetime';
import { formatPhone } from '../../../shared/domain/phone';
import type { CampaignFailureCount, CampaignRecipient, CampaignReportPoint } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';

export interface RecipientFilter {
  state?: RecipientState | null;
  failure_code?: string | null;
  search?: string | null;
}

function recipientQuery(tx: Tx, tenantId: number, campaignId: number, filter: RecipientFilter) {
  let query = tx
    .selectFrom('campaign_recipients as r')
    .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 'r.tenant_id').onRef('c.id', '=', 'r.customer_id'))
    .where('r.tenant_id', '=', tenantId)
    .where('r.campaign_id', '=', campaignId);
  if (filter.state) query = query.where('r.state', '=', filter.state);
  if (filter.failure_code) query = query.where('r.failure_code', '=', filter.failure_code);
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`;
    const digits = filter.search.replace(/\D/g, '');
    query = query.where((eb) => eb.or([eb('c.name', 'ilike', like), ...(digits ? [eb('r.phone_number', 'like', `%${digits}%`)] : [])]));
  }
  return query;
}

const stamp = (value: Date | null): string | null => (value ? formatTimestamp(value) : null);

export async function recipientsPage(tx: Tx, tenantId: number, campaignId: number, filter: RecipientFilter, page: number, limit: number) {
  const { total } = await recipientQuery(tx, tenantId, campaignId, filter).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await recipientQuery(tx, tenantId, campaignId, filter)
    .selectAll('r')
    .select('c.name as customer_name')
    .orderBy('r.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const items: CampaignRecipient[] = rows.map((r) => ({
    id: String(r.id),
    customer_id: String(r.customer_id),
    customer_name: r.customer_name,
    phone_number: r.phone_number,
    state: r.state,
    failure_code: r.failure_code,
    failure_reason: r.failure_reason,
    sent_at: stamp(r.sent_at),
    delivered_at: stamp(r.delivered_at),
    read_at: stamp(r.read_at),
    replied_at: stamp(r.replied_at),
    failed_at: stamp(r.failed_at),
    chat_ticket_id: r.reply_chat_ticket_id === null ? null : String(r.reply_chat_ticket_id),
  }));
  const count = Number(total);
  return { items, total: count, total_pages: Math.max(1, Math.ceil(count / limit)) };
}

const csvCell = (value: string | null): string => {
  const text = value ?? '';
  return /[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Every recipient as CSV (';' separated, as pt-BR spreadsheets open it). */
export async function recipientsCsv(tx: Tx, tenantId: number, campaignId: number, filter: RecipientFilter): Promise<string> {
  const rows = await recipientQuery(tx, tenantId, campaignId, filter).selectAll('r').select('c.name as customer_name').orderBy('r.id').execute();
  const header = ['Nome', 'Telefone', 'Situação', 'Código da falha', 'Motivo da falha', 'Enviada em', 'Entregue em', 'Lida em', 'Respondeu em'];
  const lines = rows.map((r) =>
    [
      r.customer_name,
      formatPhone(r.phone_number),
      RECIPIENT_STATE_LABELS[r.state],
      r.failure_code,
      r.failure_reason,
      stamp(r.sent_at),
      stamp(r.delivered_at),
      stamp(r.read_at),
      stamp(r.replied_at),
    ]
      .map(csvCell)
      .join(';'),
  );
  return [header.join(';'), ...lines].join('\r\n') + '\r\n';
}

/** The bucket of a timeline: the campaign's duration in about 60 points, at least a minute each. */
const BUCKETS = [1, 5, 15, 60, 360, 1440];

const KINDS = ['sent', 'delivered', 'read', 'replied', 'failed'] as const;
type Kind = (typeof KINDS)[number];

/** Cumulative counts per bucket from the campaign's start to `to`, in one pass over the recipients. */
export async function campaignTimeline(tx: Tx, tenantId: number, campaignId: number, from: Date | null, to: Date) {
  const span = from ? (to.getTime() - from.getTime()) / 60_000 : 0;
  const bucketMinutes = BUCKETS.find((b) => span / b <= 60) ?? 1440;
  if (!from) return { bucketMinutes, timeline: [] as CampaignReportPoint[] };
  const bucketMs = bucketMinutes * 60_000;
  const { rows } = await sql<{ bucket: number; kind: Kind; n: number }>`
    select floor(extract(epoch from ts) * 1000 / ${bucketMs})::float8 as bucket, kind, count(*)::int as n
    from campaign_recipients r,
      lateral (values (r.sent_at, 'sent'), (r.delivered_at, 'delivered'), (r.read_at, 'read'), (r.replied_at, 'replied'), (r.failed_at, 'failed')) as v(ts, kind)
    where r.tenant_id = ${tenantId} and r.campaign_id = ${campaignId} and ts is not null
    group by 1, 2`.execute(tx);
  const first = Math.floor(from.getTime() / bucketMs);
  const last = Math.max(first, Math.floor(to.getTime() / bucketMs), ...rows.map((r) => Number(r.bucket)));
  const per = new Map<number, Record<Kind, number>>();
  for (const row of rows) {
    const bucket = Math.max(first, Number(row.bucket));
    const counts = per.get(bucket) ?? { sent: 0, delivered: 0, read: 0, replied: 0, failed: 0 };
    counts[row.kind] += row.n;
    per.set(bucket, counts);
  }
  const running: Record<Kind, number> = { sent: 0, delivered: 0, read: 0, replied: 0, failed: 0 };
  const timeline: CampaignReportPoint[] = [];
  for (let bucket = Math.max(first, last - 99); bucket <= last; bucket++) {
    if (timeline.length === 0) for (const [b, c] of per) if (b < bucket) for (const k of KINDS) running[k] += c[k];
    const counts = per.get(bucket);
    if (counts) for (const k of KINDS) running[k] += counts[k];
    timeline.push({ at: formatTimestamp(new Date(bucket * bucketMs)), ...running });
  }
  return { bucketMinutes, timeline };
}

export async function failuresByReason(tx: Tx, tenantId: number, campaignId: number): Promise<CampaignFailureCount[]> {
  const { rows } = await sql<{ failure_code: string | null; failure_reason: string | null; count: number }>`
    select failure_code, min(failure_reason) as failure_reason, count(*)::int as count from campaign_recipients
    where tenant_id = ${tenantId} and campaign_id = ${campaignId} and state = 'failed'
    group by failure_code order by count desc`.execute(tx);
  return rows.map((r) => ({ failure_code: r.failure_code ?? 'provider', failure_reason: r.failure_reason ?? '', count: r.count }));
}

export async function replyCounts(tx: Tx, tenantId: number, campaignId: number): Promise<{ replies: number; tickets: number }> {
  const { rows } = await sql<{ replies: number; tickets: number }>`
    select count(*) filter (where replied_at is not null)::int as replies,
      count(distinct reply_chat_ticket_id) filter (where replied_at is not null)::int as tickets
    from campaign_recipients where tenant_id = ${tenantId} and campaign_id = ${campaignId}`.execute(tx);
  return rows[0] ?? { replies: 0, tickets: 0 };
}
