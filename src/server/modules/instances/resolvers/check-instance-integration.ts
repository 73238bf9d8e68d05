import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { assertUseInstance } from '../instance-access';
import { checkIntegration, findInstance } from '../instance-service';
import { idInput } from '../inputs';

export const checkInstanceIntegration: MutationResolver<'checkInstanceIntegration'> = async (_parent, args, context) => {
  const id = parseInput(idInput, args.id);
  assertUseInstance(requireViewer(context), id);
  return checkIntegration(context, await findInstance(context, id));
};
