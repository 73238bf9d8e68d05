import { requireAdmin } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { recordAudit } from '../../audit/record-audit';
import { userIdInput } from '../../auth/inputs';
import { unblock } from '../unblock';

/** Only the administrador role may lift a lock (SPEC §6 leaves it open; the safest reading). */
export const unblockUser: MutationResolver<'unblockUser'> = async (_parent, args, context) => {
  requireAdmin(context);
  const { user_id } = parseInput(userIdInput, args);
  await unblock(context, user_id);
  await recordAudit(context, { action: 'unblocked', userId: user_id });
  return true;
};
