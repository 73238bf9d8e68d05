import type { WhatsappTemplate } from '../../../shared/graphql/generated';
import type { TemplateAccess, WhatsappTemplateRow } from '../../channels/cloud-api/template-store';
import type { ChannelInstance } from '../../channels/channel';
import { channelInstanceIn } from '../../channels/instance-store';
import type { RequestContext } from '../../graphql/context';
import { validation } from '../../graphql/errors';
import { instanceNotFound } from './instance-service';
import { instanceTexts } from './texts';

/** The Cloud API connection and its Business account credentials, or a pt-BR reason why not. */
export async function templateAccountOf(context: RequestContext, instanceId: number): Promise<{ instance: ChannelInstance; access: TemplateAccess }> {
  const instance = await context.database.withTenant(context.tenant.id, (tx) => channelInstanceIn(tx, context.tenant.id, instanceId));
  if (!instance) throw instanceNotFound();
  if (instance.channel !== 'cloud-api' || !instance.wabaId || !instance.officialToken) throw validation('instance_id', instanceTexts.templateAccountMissing);
  return { instance, access: { wabaId: instance.wabaId, token: instance.officialToken } };
}

export const templatePayload = (row: WhatsappTemplateRow): WhatsappTemplate => ({
  id: String(row.id),
  instance_id: String(row.instance_id),
  provider_id: row.provider_id,
  name: row.name,
  language: row.language,
  status: row.status,
  category: row.category,
  parameter_format: row.parameter_format,
  components: row.components,
  reason: row.reason,
  updated_at: row.updated_at.toISOString(),
});
