import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { assertManageInstances } from '../instance-access';
import { instancePayload } from '../instance-payload';
import { createInstance as create } from '../instance-service';
import { createInstanceInput } from '../inputs';

export const createInstance: MutationResolver<'createInstance'> = async (_parent, args, context) => {
  assertManageInstances(requireViewer(context));
  return instancePayload(await create(context, parseInput(createInstanceInput, args)), context);
};
