import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { integrationSignIn } from '../integration-login';
import { integrationLogInInput } from '../inputs';

export const integrationLogIn: MutationResolver<'integrationLogIn'> = async (_parent, args, context) =>
  integrationSignIn(context, parseInput(integrationLogInInput, args).access_token);
