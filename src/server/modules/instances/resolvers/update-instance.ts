import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { assertManageInstances } from '../instance-access';
import { instancePayload } from '../instance-payload';
import { updateInstance as update } from '../instance-service';
import { updateInstanceInput } from '../inputs';

export const updateInstance: MutationResolver<'updateInstance'> = async (_parent, args, context) => {
  assertManageInstances(requireViewer(context));
  return instancePayload(await update(context, parseInput(updateInstanceInput, args)), context);
};
