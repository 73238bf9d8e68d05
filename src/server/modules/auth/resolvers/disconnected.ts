import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { presenceInput } from '../inputs';
import { signOut } from '../presence';

export const disconnected: MutationResolver<'disconnected'> = async (_parent, args, context) => {
  await signOut(context, parseInput(presenceInput, args).refresh_token || null);
  return true;
};
