import type { TemplateSend } from '../../channels/channel';
import { saveTemplateSend } from '../../channels/template-sends';
import type { Tx } from '../../db/database';
import { renderTemplate } from '../instances/template-text';
import { findListedTemplate } from '../instances/listed-template';
import type { ChangeSet } from '../../sync/changes';
import { recordMessageOnTicket } from '../tickets/ticket-store';
import { previewOf } from '../messages/texts';

export interface BotTicket {
  id: number;
  instance_id: number;
  customer_id: number;
}

export interface BotContent {
  text: string;
  mediaUrl?: string | null;
  buttons?: readonly string[];
  /** An internal note for the attendants: stored and replicated, never sent to the customer. */
  comment?: boolean;
  /** An approved template instead of free text (`text` is then unused: the template's own text is shown). */
  template?: TemplateSend;
}

/** The template's text as the customer reads it, from the connection's synced template list. */
async function templateText(tx: Tx, tenantId: number, instanceId: number, template: TemplateSend) {
  const listed = await findListedTemplate(tx, tenantId, instanceId, template.name, template.language);
  return renderTemplate(listed?.components ?? [], template.components);
}

/**
 * A message of the flow, written like an attendant's send (message + outbound queue entry in the
 * caller's transaction) but marked `is_bot_message` and keyed by a hash made of the session, its
 * step and the effect's place: a step retried after a crash writes and sends nothing twice.
 * True when it was new.
 */
export async function writeBotMessage(tx: Tx, tenantId: number, ticket: BotTicket, hash: string, content: BotContent, changes: ChangeSet): Promise<boolean> {
  const media = content.mediaUrl ?? null;
  const template = content.template ? await templateText(tx, tenantId, ticket.instance_id, content.template) : null;
  const message = await tx
    .insertInto('customer_chats')
    .values({
      tenant_id: tenantId,
      instance_id: ticket.instance_id,
      customer_id: ticket.customer_id,
      chat_ticket_id: ticket.id,
      hash,
      type: content.comment ? 'comment' : template ? 'template' : media ? 'image' : 'text',
      message: template ? (template.body ?? content.template?.name ?? '') : media ? null : content.text,
      message_header: template?.header ?? null,
      message_footer: template?.footer ?? null,
      caption: media ? content.text : null,
      media_url: media,
      message_buttons: content.buttons && content.buttons.length > 0 ? JSON.stringify(content.buttons) : null,
      is_bot_message: true,
      off_customer_chat: Boolean(content.comment),
      from_me: true,
      sent_at: new Date(),
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!message) return false;
  // Stored under the message's hash before it is queued: the dispatcher finds what to ask Meta for.
  if (content.template) await saveTemplateSend(tx, tenantId, hash, content.template);
  if (!content.comment) {
    await tx.insertInto('outbound_messages').values({ tenant_id: tenantId, instance_id: ticket.instance_id, kind: 'message', customer_chat_id: message.id }).execute();
  }
  await recordMessageOnTicket(tx, tenantId, ticket.id, { messageId: message.id, sentAt: message.sent_at, preview: previewOf(message), incoming: false });
  changes.add('customerchats', ticket.instance_id).add('chattickets', ticket.instance_id);
  return true;
}
