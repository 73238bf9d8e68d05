import { requireRoute } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { recordAudit } from '../../audit/record-audit';
import { userIdInput } from '../../auth/inputs';
import { afterTeamChange } from '../team-events';
import { unblock } from '../unblock';

/** User administration (users/list screen, check rule) may lift a sign-in lock before its cool-down ends. */
export const unblockUser: MutationResolver<'unblockUser'> = async (_parent, args, context) => {
  requireRoute(context, 'users-list');
  const { user_id } = parseInput(userIdInput, args);
  await unblock(context, user_id);
  await afterTeamChange(context, { kind: 'users', id: user_id });
  await recordAudit(context, { action: 'unblocked', userId: user_id });
  return true;
};
