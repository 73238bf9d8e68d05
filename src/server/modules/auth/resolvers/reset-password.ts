import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { recordAudit } from '../../audit/record-audit';
import { resetPasswordInput } from '../inputs';
import { resetPassword as applyReset } from '../password-reset';

export const resetPassword: MutationResolver<'resetPassword'> = async (_parent, args, context) => {
  const { token, password } = parseInput(resetPasswordInput, args);
  await applyReset(context, token, password);
  await recordAudit(context, { action: 'password_reset' });
  return true;
};
