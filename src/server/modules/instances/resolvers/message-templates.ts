import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver, QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { assertRoute } from '../instance-access';
import { idInput } from '../inputs';
import {
  createMessageTemplate as create,
  deleteMessageTemplate as remove,
  listMessageTemplates,
  messageTemplatePayload,
  templateFields,
  updateMessageTemplate as update,
  updateTemplateInput,
} from '../message-templates';

/** Every signed-in user reads them (the composer offers them); editing is the templates screen's. */
const EDIT_ROUTE = 'meta-template-messages';

export const messageTemplates: QueryResolver<'messageTemplates'> = async (_parent, _args, context) => {
  requireViewer(context);
  return (await listMessageTemplates(context)).map(messageTemplatePayload);
};

export const createMessageTemplate: MutationResolver<'createMessageTemplate'> = async (_parent, args, context) => {
  assertRoute(requireViewer(context), EDIT_ROUTE);
  return messageTemplatePayload(await create(context, parseInput(templateFields, args)));
};

export const updateMessageTemplate: MutationResolver<'updateMessageTemplate'> = async (_parent, args, context) => {
  assertRoute(requireViewer(context), EDIT_ROUTE);
  return messageTemplatePayload(await update(context, parseInput(updateTemplateInput, args)));
};

export const deleteMessageTemplate: MutationResolver<'deleteMessageTemplate'> = async (_parent, args, context) => {
  assertRoute(requireViewer(context), EDIT_ROUTE);
  await remove(context, parseInput(idInput, args.id));
  return true;
};
