import { z } from 'zod';
import { ADMIN_ROLE } from '../../../shared/domain/routes';
import { canSeeTicket } from '../../../shared/domain/tickets';
import { forbidden, validation } from '../../graphql/errors';
import { transactWithChanges } from '../../sync/changes';
import type { SyncViewer } from '../../sync/visibility';
import type { MessagingDeps } from '../messages/deps';
import type { CustomerRow } from '../customers/customer-document';
import { attendanceTexts as texts } from './texts';

const text = (max: number) => z.string().trim().max(max).nullish();

export const customerUpdateSchema = z.object({
  name: text(120),
  address: text(300),
  open_field: text(2000),
  document_register: text(30),
  is_favorite: z.boolean().nullish(),
  group_of_customer_id: z.coerce.number().int().positive().nullish(),
  is_blacklisted: z.boolean().nullish(),
  is_blacklisted_campaign: z.boolean().nullish(),
});

export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value.trim() : null);

/**
 * Saves what an attendant edited in the customer drawer. Only someone who sees one of the
 * customer's tickets may edit them; the change replicates to every console at once.
 */
export async function updateCustomer(deps: MessagingDeps, tenantId: number, viewer: SyncViewer, customerId: number, input: CustomerUpdate): Promise<CustomerRow> {
  return transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const tickets = await tx
      .selectFrom('chat_tickets')
      .select(['id', 'user_id', 'inbox', 'inbox_department_id', 'finished_ticket'])
      .where('tenant_id', '=', tenantId)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .execute();
    const customer = await tx.selectFrom('customers').select('id').where('tenant_id', '=', tenantId).where('id', '=', customerId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!customer) throw validation('id', texts.customerNotFound);
    if (!tickets.some((ticket) => canSeeTicket(ticket, viewer)) && viewer.roleName !== ADMIN_ROLE) throw forbidden();
    if (input.group_of_customer_id != null) {
      const group = await tx
        .selectFrom('customer_groups')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', input.group_of_customer_id)
        .executeTakeFirst();
      if (!group) throw validation('group_of_customer_id', texts.groupNotFound);
    }
    const patch = {
      name: blankToNull(input.name),
      address: blankToNull(input.address),
      open_field: blankToNull(input.open_field),
      document_register: blankToNull(input.document_register),
      is_favorite: input.is_favorite ?? undefined,
      group_of_customer_id: input.group_of_customer_id === undefined ? undefined : input.group_of_customer_id,
      is_blacklisted: input.is_blacklisted ?? undefined,
      is_blacklisted_campaign: input.is_blacklisted_campaign ?? undefined,
    };
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const updated =
      Object.keys(defined).length === 0
        ? await tx.selectFrom('customers').selectAll().where('tenant_id', '=', tenantId).where('id', '=', customerId).executeTakeFirstOrThrow()
        : await tx.updateTable('customers').set(defined).where('tenant_id', '=', tenantId).where('id', '=', customerId).returningAll().executeTakeFirstOrThrow();
    changes.add('customers', null);
    return updated;
  });
}
