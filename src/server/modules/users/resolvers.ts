import type { ModuleResolvers } from '../../graphql/resolver-types';
import { unblockUser } from './resolvers/unblock-user';
import { updateUserPassword } from './resolvers/update-user-password';
import { userInfos } from './resolvers/user-infos';

const pending = (): never => {
  throw new Error('users: not built yet');
};

export const usersResolvers: ModuleResolvers = {
  Query: { userInfos, users: pending, userInstances: pending },
  Mutation: {
    unblockUser,
    updateUserPassword,
    newUser: pending,
    updateUser: pending,
    deleteUser: pending,
    deleteUserInstance: pending,
    disconnectUser: pending,
    resetUserTwoFactor: pending,
  },
};
