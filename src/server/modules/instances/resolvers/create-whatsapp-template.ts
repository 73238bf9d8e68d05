import { sendErrorOf } from '../../../channels/cloud-api/cloud-api-channel';
import { GraphApiError } from '../../../channels/cloud-api/graph-error';
import { requireViewer } from '../../../graphql/guards';
import { validation } from '../../../graphql/errors';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { assertRoute, assertUseInstance } from '../instance-access';
import { channelsOf } from '../instance-service';
import { createWhatsappTemplateInput } from '../inputs';
import { templateAccountOf, templatePayload } from '../whatsapp-templates';

/** meta/template-messages/add: submits the template to Meta's review; it is listed as Pendente. */
export const createWhatsappTemplate: MutationResolver<'createWhatsappTemplate'> = async (_parent, args, context) => {
  const viewer = requireViewer(context);
  assertRoute(viewer, 'meta-template-messages-add');
  const input = parseInput(createWhatsappTemplateInput, args);
  assertUseInstance(viewer, input.instance_id);
  const { instance, access } = await templateAccountOf(context, input.instance_id);
  try {
    const row = await channelsOf(context).templates.create(instance, access, {
      name: input.name,
      language: input.language,
      category: input.category,
      ...(input.parameter_format ? { parameter_format: input.parameter_format } : {}),
      components: input.components,
    });
    return templatePayload(row);
  } catch (error) {
    if (error instanceof GraphApiError) throw validation('name', sendErrorOf(error).reason);
    throw error;
  }
};
