import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { refreshTokenInput } from '../inputs';
import { rotateRefreshToken } from '../refresh';

export const refreshToken: MutationResolver<'refreshToken'> = async (_parent, args, context) =>
  rotateRefreshToken(context, parseInput(refreshTokenInput, args).refresh_token);
