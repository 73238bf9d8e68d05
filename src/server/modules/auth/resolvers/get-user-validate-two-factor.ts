import { requireViewer } from '../../../graphql/guards';
import type { QueryResolver } from '../../../graphql/resolver-types';
import { readTwoFactorState } from '../two-factor';

export const getUserValidateTwoFatctor: QueryResolver<'getUserValidateTwoFatctor'> = async (_parent, args, context) =>
  readTwoFactorState(context, requireViewer(context), args.verifyActivity ?? false);
