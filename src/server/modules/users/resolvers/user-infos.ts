import { requireViewer } from '../../../graphql/guards';
import { unauthorized } from '../../../graphql/errors';
import type { QueryResolver } from '../../../graphql/resolver-types';
import { loadUserPayload } from '../user-payload';

export const userInfos: QueryResolver<'userInfos'> = async (_parent, _args, context) => {
  const viewer = requireViewer(context);
  const user = await context.database.withTenant(context.tenant.id, (tx) => loadUserPayload(tx, viewer.userId));
  if (!user) throw unauthorized();
  return user;
};
