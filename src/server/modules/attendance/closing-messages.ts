import { FEATURES } from '../../../shared/domain/routes';
import { fillMessageVariables } from '../../../shared/domain/store-info';
import { npsScaleOf } from '../../../shared/domain/setting-keys';
import type { Tx } from '../../db/database';
import { effectiveValue } from '../store-settings/setting-rows';
import { readStoreInfo } from '../store-settings/store-info';
import type { TicketRow } from '../tickets/ticket-document';

export interface ClosingMessages {
  /** Null when the tenant turned it off (an empty setting). */
  closing: string | null;
  survey: string | null;
}

type TicketRef = Pick<TicketRow, 'instance_id' | 'customer_id' | 'protocol'>;

const orNull = (text: string): string | null => (text.trim() ? text.trim() : null);

/** Fills a message's variables from the customer, the ticket, the store info and the survey's scale. */
async function messageFiller(tx: Tx, tenantId: number, ticket: TicketRef): Promise<(text: string) => string | null> {
  const [scale, store, customer] = await Promise.all([
    effectiveValue(tx, tenantId, null, 'nps_scale'),
    readStoreInfo(tx, tenantId),
    tx.selectFrom('customers').select('name').where('tenant_id', '=', tenantId).where('id', '=', ticket.customer_id).executeTakeFirst(),
  ]);
  return (text) =>
    orNull(fillMessageVariables(text, { customerName: customer?.name, protocol: ticket.protocol, store }).replace(/\{\{\s*escala\s*\}\}/g, npsScaleOf(scale).label));
}

/**
 * Whether the satisfaction survey runs for the ticket's connection: the tenant's feature flag
 * nps_research (no row counts as on, like the routes' flags) and the setting nps_enabled.
 */
async function surveyOn(tx: Tx, tenantId: number, instanceId: number): Promise<boolean> {
  const [feature, enabled] = await Promise.all([
    tx.selectFrom('features').select('enabled').where('tenant_id', '=', tenantId).where('name', '=', FEATURES.npsResearch).executeTakeFirst(),
    effectiveValue(tx, tenantId, instanceId, 'nps_enabled'),
  ]);
  return feature?.enabled !== false && enabled === 'true';
}

/**
 * The closing message and satisfaction survey of the ticket's connection (configs/closing-messages,
 * configs/nps-messages: the connection's value, else the tenant's, else the default), with their
 * variables filled from the customer, the ticket and the store info.
 */
export async function closingMessages(tx: Tx, tenantId: number, ticket: TicketRef): Promise<ClosingMessages> {
  const [fill, closing, survey, question] = await Promise.all([
    messageFiller(tx, tenantId, ticket),
    effectiveValue(tx, tenantId, ticket.instance_id, 'closing_message'),
    surveyOn(tx, tenantId, ticket.instance_id),
    effectiveValue(tx, tenantId, ticket.instance_id, 'nps_message'),
  ]);
  return { closing: fill(closing), survey: survey ? fill(question) : null };
}

/** The thank-you of configs/nps-messages for a customer who just graded the ticket, or null when blank. */
export async function surveyThanks(tx: Tx, tenantId: number, ticket: TicketRef): Promise<string | null> {
  const [fill, thanks] = await Promise.all([messageFiller(tx, tenantId, ticket), effectiveValue(tx, tenantId, ticket.instance_id, 'nps_thanks')]);
  return fill(thanks);
}
