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

const orNull = (text: string): string | null => (text.trim() ? text.trim() : null);

/**
 * The closing message and satisfaction survey of the ticket's connection (configs/closing-messages,
 * configs/nps-messages: the connection's value, else the tenant's, else the default), with their
 * variables filled from the customer, the ticket and the store info.
 */
export async function closingMessages(tx: Tx, tenantId: number, ticket: Pick<TicketRow, 'instance_id' | 'customer_id' | 'protocol'>): Promise<ClosingMessages> {
  const value = (key: string) => effectiveValue(tx, tenantId, ticket.instance_id, key);
  const [closing, surveyOn, question, scale, store, customer] = await Promise.all([
    value('closing_message'),
    value('nps_enabled'),
    value('nps_message'),
    value('nps_scale'),
    readStoreInfo(tx, tenantId),
    tx.selectFrom('customers').select('name').where('tenant_id', '=', tenantId).where('id', '=', ticket.customer_id).executeTakeFirst(),
  ]);
  const fill = (text: string) =>
    fillMessageVariables(text, { customerName: customer?.name, protocol: ticket.protocol, store }).replace(/\{\{\s*escala\s*\}\}/g, npsScaleOf(scale).label);
  return { closing: orNull(fill(closing)), survey: surveyOn === 'true' ? orNull(fill(question)) : null };
}
