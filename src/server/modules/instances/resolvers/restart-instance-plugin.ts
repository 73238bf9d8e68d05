import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { assertUseInstance } from '../instance-access';
import { instancePayload } from '../instance-payload';
import { connectInstance, findInstance } from '../instance-service';
import { idInput } from '../inputs';

/**
 * Sandbox and Cloud API have no plugin process to restart: a restart re-checks the integration and
 * brings the connection up (a sandbox also delivers what customers wrote while it was down).
 */
export const restartInstancePlugin: MutationResolver<'restartInstancePlugin'> = async (_parent, args, context) => {
  const id = parseInput(idInput, args.id);
  assertUseInstance(requireViewer(context), id);
  return instancePayload(await connectInstance(context, await findInstance(context, id)), context);
};
