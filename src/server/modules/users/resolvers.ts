import type { ModuleResolvers } from '../../graphql/resolver-types';
import { deleteUser, deleteUserInstance, disconnectUser, newUser, resetUserTwoFactor, updateUser, userInstances, users } from './resolvers/team-users';
import { unblockUser } from './resolvers/unblock-user';
import { updateUserPassword } from './resolvers/update-user-password';
import { userInfos } from './resolvers/user-infos';

export const usersResolvers: ModuleResolvers = {
  Query: { userInfos, users, userInstances },
  Mutation: { unblockUser, updateUserPassword, newUser, updateUser, deleteUser, deleteUserInstance, disconnectUser, resetUserTwoFactor },
};
