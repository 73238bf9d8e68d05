import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { forgotInput } from '../inputs';
import { requestPasswordReset } from '../password-reset';

export const forgot: MutationResolver<'forgot'> = async (_parent, args, context) => {
  await requestPasswordReset(context, parseInput(forgotInput, args).email);
  return true;
};
