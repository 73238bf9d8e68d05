import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { assertUseInstance } from '../instance-access';
import { instancePayload } from '../instance-payload';
import { connectInstance, findInstance } from '../instance-service';
import { idInput } from '../inputs';

/** The build screen's connect button: any user of the connection may bring it up. */
export const updateInstanceIntegration: MutationResolver<'updateInstanceIntegration'> = async (_parent, args, context) => {
  const id = parseInput(idInput, args.id);
  assertUseInstance(requireViewer(context), id);
  return instancePayload(await connectInstance(context, await findInstance(context, id)), context);
};
