import { sendErrorOf } from '../../../channels/cloud-api/cloud-api-channel';
import { GraphApiError } from '../../../channels/cloud-api/graph-error';
import { requireViewer } from '../../../graphql/guards';
import { validation } from '../../../graphql/errors';
import type { QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { assertRoute, assertUseInstance } from '../instance-access';
import { channelsOf } from '../instance-service';
import { whatsappTemplatesInput } from '../inputs';
import { templateAccountOf, templatePayload } from '../whatsapp-templates';

/** meta/template-messages: the account's templates, read from Meta unless `refresh: false`. */
export const whatsappTemplates: QueryResolver<'whatsappTemplates'> = async (_parent, args, context) => {
  const viewer = requireViewer(context);
  const input = parseInput(whatsappTemplatesInput, args);
  assertUseInstance(viewer, input.instance_id);
  // Attendants pick templates in the composer; the list screen itself is a checked route.
  if (input.refresh !== false) assertRoute(viewer, 'meta-template-messages');
  const { instance, access } = await templateAccountOf(context, input.instance_id);
  const templates = channelsOf(context).templates;
  if (input.refresh !== false) {
    try {
      await templates.refresh(instance, access);
    } catch (error) {
      if (error instanceof GraphApiError) throw validation('instance_id', sendErrorOf(error).reason);
      throw error;
    }
  }
  return (await templates.list(instance, input.status ?? null)).map(templatePayload);
};
