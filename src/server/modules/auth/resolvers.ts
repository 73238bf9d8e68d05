import type { ModuleResolvers } from '../../graphql/resolver-types';
import { connected } from './resolvers/connected';
import { disconnected } from './resolvers/disconnected';
import { forgot } from './resolvers/forgot';
import { generateQrcode } from './resolvers/generate-qrcode';
import { getUserValidateTwoFatctor } from './resolvers/get-user-validate-two-factor';
import { integrationLogIn } from './resolvers/integration-log-in';
import { logIn } from './resolvers/log-in';
import { refreshToken } from './resolvers/refresh-token';
import { resetPassword } from './resolvers/reset-password';
import { twoFactorActivity } from './resolvers/two-factor-activity';
import { verifyPermission } from './resolvers/verify-permission';

export const authResolvers: ModuleResolvers = {
  Query: { getUserValidateTwoFatctor },
  Mutation: {
    logIn,
    integrationLogIn,
    refreshToken,
    connected,
    disconnected,
    verifyPermission,
    generateQrcode,
    twoFactorActivity,
    forgot,
    resetPassword,
  },
};
