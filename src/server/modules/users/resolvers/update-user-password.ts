import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { recordAudit } from '../../audit/record-audit';
import { changePassword } from '../password-change';
import { updateUserPasswordInput } from '../password-change-input';

export const updateUserPassword: MutationResolver<'updateUserPassword'> = async (_parent, args, context) => {
  const viewer = requireViewer(context);
  await changePassword(context, viewer, parseInput(updateUserPasswordInput, args));
  await recordAudit(context, { action: 'password_changed', userId: viewer.userId });
  return true;
};
