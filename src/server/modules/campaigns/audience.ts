import { sql } from 'kysely';
import { parseAudienceCsv } from '../../../shared/domain/campaigns/campaign-audience';
import { brazilPhoneVariants } from '../../../shared/domain/phone';
import type { Tx } from '../../db/database';

export interface AudienceInput {
  group_ids?: readonly number[] | null;
  category_ids?: readonly number[] | null;
  customer_ids?: readonly number[] | null;
  csv?: string | null;
}

export interface ResolvedAudience {
  /** Who receives, deduplicated, in a stable order. */
  recipients: Array<{ customerId: number; phone: string }>;
  /** CSV numbers of no contact yet: they receive too, as new contacts (created on save). */
  newNumbers: Array<{ phone: string; name: string | null }>;
  excludedBlacklisted: number;
  excludedOptedOut: number;
  excludedInvalid: number;
  csvNumbers: number;
}

interface Candidate {
  id: number;
  phone_number: string;
  is_blacklisted_campaign: boolean;
  campaign_opted_out_at: Date | null;
}

const CHUNK = 5000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const candidateColumns = ['c.id', 'c.phone_number', 'c.is_blacklisted_campaign', 'c.campaign_opted_out_at'] as const;

/**
 * The customers an audience reaches (issue 15 §4): members of the groups, customers with a ticket
 * tagged with one of the categories, the picked ones and the CSV's numbers; each once. Numbers
 * blocked for campaigns or opted out are removed and counted (an opt-out counts as such even though
 * it also blocks).
 */
export async function resolveAudience(tx: Tx, tenantId: number, input: AudienceInput): Promise<ResolvedAudience> {
  const found: Candidate[] = [];
  const base = () => tx.selectFrom('customers as c').select(candidateColumns).where('c.tenant_id', '=', tenantId).where('c.deleted_at', 'is', null);
  if (input.group_ids?.length) found.push(...(await base().where('c.group_of_customer_id', 'in', [...input.group_ids]).orderBy('c.id').execute()));
  if (input.category_ids?.length) {
    found.push(
      ...(await base()
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('chat_tickets as t')
              .innerJoin('ticket_categories as tc', (join) => join.onRef('tc.tenant_id', '=', 't.tenant_id').onRef('tc.chat_ticket_id', '=', 't.id'))
              .select(sql`1`.as('one'))
              .whereRef('t.tenant_id', '=', 'c.tenant_id')
              .whereRef('t.customer_id', '=', 'c.id')
              .where('tc.category_id', 'in', [...input.category_ids!]),
          ),
        )
        .orderBy('c.id')
        .execute()),
    );
  }
  for (const ids of chunks(input.customer_ids ?? [])) found.push(...(await base().where('c.id', 'in', ids).orderBy('c.id').execute()));
  let excludedInvalid = 0;
  let csvNumbers = 0;
  const newNumbers: ResolvedAudience['newNumbers'] = [];
  if (input.csv?.trim()) {
    const parsed = parseAudienceCsv(input.csv);
    excludedInvalid = parsed.invalid;
    csvNumbers = parsed.recipients.length;
    const variants = new Map<string, string>();
    for (const r of parsed.recipients) for (const v of brazilPhoneVariants(r.phone)) if (!variants.has(v)) variants.set(v, r.phone);
    const known = new Set<string>();
    for (const phones of chunks([...variants.keys()])) {
      const rows = await base().where('c.phone_number', 'in', phones).execute();
      for (const row of rows) {
        found.push(row);
        known.add(variants.get(row.phone_number)!);
      }
    }
    const seen = new Set<string>();
    for (const r of parsed.recipients) {
      if (known.has(r.phone) || seen.has(r.phone)) continue;
      seen.add(r.phone);
      newNumbers.push(r);
    }
  }
  const seen = new Set<number>();
  const recipients: ResolvedAudience['recipients'] = [];
  let excludedBlacklisted = 0;
  let excludedOptedOut = 0;
  for (const c of found) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    if (c.campaign_opted_out_at) excludedOptedOut++;
    else if (c.is_blacklisted_campaign) excludedBlacklisted++;
    else recipients.push({ customerId: c.id, phone: c.phone_number });
  }
  return { recipients, newNumbers, excludedBlacklisted, excludedOptedOut, excludedInvalid, csvNumbers };
}

/** Creates the CSV's unknown numbers as contacts (one statement per chunk) and adds them as recipients. */
export async function createNewContacts(tx: Tx, tenantId: number, audience: ResolvedAudience): Promise<ResolvedAudience['recipients']> {
  const created: ResolvedAudience['recipients'] = [];
  for (const part of chunks(audience.newNumbers)) {
    const { rows } = await sql<{ id: number; phone_number: string }>`
      insert into customers (tenant_id, phone_number, name)
      select ${tenantId}, phone, nullif(name, '') from unnest(${part.map((p) => p.phone)}::text[], ${part.map((p) => p.name ?? '')}::text[]) as v(phone, name)
      on conflict (tenant_id, phone_number) where deleted_at is null do nothing
      returning id, phone_number`.execute(tx);
    created.push(...rows.map((r) => ({ customerId: Number(r.id), phone: r.phone_number })));
  }
  return created;
}
