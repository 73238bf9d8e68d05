import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { twoFactorActivityInput } from '../inputs';
import { activateTwoFactor, deactivateTwoFactor } from '../two-factor';

export const twoFactorActivity: MutationResolver<'twoFactorActivity'> = async (_parent, args, context) => {
  const viewer = requireViewer(context);
  const input = parseInput(twoFactorActivityInput, args);
  return input.validate
    ? activateTwoFactor(context, viewer, input.validate)
    : deactivateTwoFactor(context, viewer, input.current_password ?? null);
};
