import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver, QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { canOpenRoute } from '../../../../shared/domain/permissions';
import type { Viewer } from '../../../graphql/context';
import { forbidden } from '../../../graphql/errors';
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

/** Every signed-in user reads them (the composer offers them); configs/quick-answers edits them (and the older templates screen). */
const EDIT_ROUTES = ['configs-quick-answers', 'meta-template-messages'];

function assertEditor(viewer: Viewer): void {
  const role = { name: viewer.roleName, has_permission_routes: viewer.routes };
  if (!EDIT_ROUTES.some((route) => canOpenRoute(route, role))) throw forbidden();
}

export const messageTemplates: QueryResolver<'messageTemplates'> = async (_parent, _args, context) => {
  requireViewer(context);
  return (await listMessageTemplates(context)).map(messageTemplatePayload);
};

export const createMessageTemplate: MutationResolver<'createMessageTemplate'> = async (_parent, args, context) => {
  assertEditor(requireViewer(context));
  return messageTemplatePayload(await create(context, parseInput(templateFields, args)));
};

export const updateMessageTemplate: MutationResolver<'updateMessageTemplate'> = async (_parent, args, context) => {
  assertEditor(requireViewer(context));
  return messageTemplatePayload(await update(context, parseInput(updateTemplateInput, args)));
};

export const deleteMessageTemplate: MutationResolver<'deleteMessageTemplate'> = async (_parent, args, context) => {
  assertEditor(requireViewer(context));
  await remove(context, parseInput(idInput, args.id));
  return true;
};
