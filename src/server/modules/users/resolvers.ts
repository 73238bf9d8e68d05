import type { ModuleResolvers } from '../../graphql/resolver-types';
import { unblockUser } from './resolvers/unblock-user';
import { updateUserPassword } from './resolvers/update-user-password';
import { userInfos } from './resolvers/user-infos';

export const usersResolvers: ModuleResolvers = {
  Query: { userInfos },
  Mutation: { unblockUser, updateUserPassword },
};
