import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { assertManageInstances } from '../instance-access';
import { deleteInstance as remove } from '../instance-service';
import { idInput } from '../inputs';

export const deleteInstance: MutationResolver<'deleteInstance'> = async (_parent, args, context) => {
  assertManageInstances(requireViewer(context));
  await remove(context, parseInput(idInput, args.id));
  return true;
};
