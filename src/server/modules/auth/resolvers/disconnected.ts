import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { recordAudit } from '../../audit/record-audit';
import { presenceInput } from '../inputs';
import { signOut } from '../presence';

export const disconnected: MutationResolver<'disconnected'> = async (_parent, args, context) => {
  const input = parseInput(presenceInput, args);
  await signOut(context, input.refresh_token || null);
  await recordAudit(context, { action: 'sign_out', userId: context.viewer?.userId ?? null, claimedIp: input.ip });
  return true;
};
