import type { z } from 'zod';
import {
  scheduleTexts,
  type ScheduleAttachment,
  type scheduleAttachmentInputSchema,
  type ScheduleTemplate,
  type scheduleTemplateSchema,
} from '../../../shared/domain/schedules';
import { unfilledTemplateVariables } from '../../../shared/domain/template-variables';
import { channelInstanceIn } from '../../channels/instance-store';
import type { RequestContext } from '../../graphql/context';
import { validation } from '../../graphql/errors';
import { resolveSendFile } from '../instances/media-input';
import { renderTemplate } from '../instances/template-text';
import { findListedTemplate } from '../instances/listed-template';

export interface ScheduleContent {
  /** The text the list and the ticket show: typed text, the template's rendered body, or the caption. */
  message: string;
  template: ScheduleTemplate | null;
  attachment: ScheduleAttachment | null;
}

/**
 * What a schedule will send, checked when it is made rather than when it is due: a template only
 * on an official (Cloud API) connection, only one Meta approved and with all its variables filled; an attachment stored now, so
 * the job never fetches anything.
 */
export async function resolveScheduleContent(
  context: RequestContext,
  instanceId: number,
  input: {
    message: string | null;
    template: z.output<typeof scheduleTemplateSchema> | null;
    attachment: z.output<typeof scheduleAttachmentInputSchema> | null;
    /** The file an edited schedule already carries, kept unless a template replaces it. */
    keptAttachment?: ScheduleAttachment | null;
  },
): Promise<ScheduleContent> {
  if (input.template) {
    if (input.attachment) throw validation('attachment', scheduleTexts.templateWithAttachment);
    const { name, language, components } = input.template;
    const tenantId = context.tenant.id;
    const listed = await context.database.withTenant(tenantId, async (tx) => {
      const instance = await channelInstanceIn(tx, tenantId, instanceId);
      if (instance?.channel !== 'cloud-api') throw validation('template', scheduleTexts.templateNeedsOfficial);
      return findListedTemplate(tx, tenantId, instanceId, name, language);
    });
    if (listed?.status !== 'APPROVED') throw validation('template', scheduleTexts.templateNotApproved);
    // Meta refuses a send that leaves a header, body or link-button variable empty (#132000): said now, not when due.
    if (unfilledTemplateVariables(listed.components, components).length > 0) throw validation('template', scheduleTexts.templateVariablesMissing);
    const text = renderTemplate(listed.components, components);
    return { message: text.body ?? name, template: { name, language, components }, attachment: null };
  }
  if (input.attachment) {
    const { kind, file_url, file_name } = input.attachment;
    const file = await resolveSendFile(context, kind, file_url, 'attachment');
    return { message: input.message ?? '', template: null, attachment: { url: file.url, kind, name: file_name ?? null, mimetype: file.mimeType } };
  }
  if (input.keptAttachment) return { message: input.message ?? '', template: null, attachment: input.keptAttachment };
  if (!input.message) throw validation('message', scheduleTexts.messageRequired);
  return { message: input.message, template: null, attachment: null };
}
