import type { Tx } from '../../db/database';

/** SPEC §4: viewing a ticket sets its unseen counter to 0 and its incoming messages to seen. */
export async function markTicketSeen(tx: Tx, tenantId: number, ticketId: number): Promise<boolean> {
  const ticket = await tx
    .updateTable('chat_tickets')
    .set({ unseen_msg: 0 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', ticketId)
    .where('unseen_msg', '>', 0)
    .returning('id')
    .executeTakeFirst();
  const messages = await tx
    .updateTable('customer_chats')
    .set({ unseen_msg: false })
    .where('tenant_id', '=', tenantId)
    .where('chat_ticket_id', '=', ticketId)
    .where('unseen_msg', '=', true)
    .executeTakeFirst();
  return ticket !== undefined || Number(messages.numUpdatedRows) > 0;
}
