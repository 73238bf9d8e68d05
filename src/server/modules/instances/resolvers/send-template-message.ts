import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { saveTemplateSend } from '../../../channels/template-sends';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { requireInstanceAccess, syncServicesOf } from '../../../sync/access';
import { toMessageDocument } from '../../messages/message-document';
import { sendOutgoing } from '../../messages/outgoing';
import { findInstance } from '../instance-service';
import { instanceTexts } from '../texts';
import { renderTemplate } from '../template-text';
import { findListedTemplate } from '../listed-template';

const input = z.object({
  to_number: z.string().trim().min(8, instanceTexts.phoneInvalid).max(30, instanceTexts.phoneInvalid),
  template_name: z.string().trim().regex(/^[a-z0-9_]{1,512}$/, instanceTexts.templateNameInvalid),
  language: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, instanceTexts.templateLanguageInvalid),
  components: z.array(z.record(z.string(), z.unknown())).max(20).nullish(),
  hash: z.string().trim().min(1).max(100).nullish(),
});

/** A template is allowed outside the 24-hour window: it is how a business writes first. */
export const sendTemplateMessage: MutationResolver<'sendTemplateMessage'> = async (_parent, args, context) => {
  const access = requireInstanceAccess(context, args.instance_id);
  const parsed = parseInput(input, args);
  // A connection of another tenant (invisible here) or none at all: not found, before anything is stored.
  await findInstance(context, access.instanceId);
  const hash = parsed.hash ?? randomUUID();
  const components = parsed.components ?? [];
  const listed = await context.database.withTenant(access.tenantId, async (tx) => {
    // Stored before the message is queued, so the dispatcher always finds what to ask Meta for.
    await saveTemplateSend(tx, access.tenantId, hash, { name: parsed.template_name, language: parsed.language, components });
    return findListedTemplate(tx, access.tenantId, access.instanceId, parsed.template_name, parsed.language);
  });
  const text = renderTemplate(listed?.components ?? [], components);
  const { message } = await sendOutgoing(syncServicesOf(context).messaging, {
    tenantId: access.tenantId,
    viewer: access.viewer,
    instanceId: access.instanceId,
    to: { phone: parsed.to_number },
    content: { type: 'template', message: text.body ?? parsed.template_name, messageHeader: text.header, messageFooter: text.footer },
    hash,
  });
  return { ...toMessageDocument(message), parentCustomerChat: null, customerChatReactions: [] };
};
