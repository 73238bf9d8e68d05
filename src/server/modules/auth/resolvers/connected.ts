import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { presenceInput } from '../inputs';
import { markConnected } from '../presence';

export const connected: MutationResolver<'connected'> = async (_parent, args, context) => {
  parseInput(presenceInput, args);
  await markConnected(context, requireViewer(context).userId);
  return true;
};
