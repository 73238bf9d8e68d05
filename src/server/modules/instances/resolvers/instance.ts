import { requireViewer } from '../../../graphql/guards';
import type { QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { assertUseInstance } from '../instance-access';
import { instancePayload } from '../instance-payload';
import { findInstance } from '../instance-service';
import { idInput } from '../inputs';

export const instance: QueryResolver<'instance'> = async (_parent, args, context) => {
  const id = parseInput(idInput, args.id);
  assertUseInstance(requireViewer(context), id);
  return instancePayload(await findInstance(context, id), context);
};
