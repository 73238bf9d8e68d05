import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { recordAudit } from '../../audit/record-audit';
import { twoFactorActivityInput } from '../inputs';
import { activateTwoFactor, deactivateTwoFactor } from '../two-factor';

export const twoFactorActivity: MutationResolver<'twoFactorActivity'> = async (_parent, args, context) => {
  const viewer = requireViewer(context);
  const input = parseInput(twoFactorActivityInput, args);
  const done = input.validate
    ? await activateTwoFactor(context, viewer, input.validate)
    : await deactivateTwoFactor(context, viewer, input.current_password ?? null);
  if (done) await recordAudit(context, { action: input.validate ? 'two_factor_enabled' : 'two_factor_disabled', userId: viewer.userId });
  return done;
};
