import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { logInInput } from '../inputs';
import { signIn } from '../sign-in';

// recaptchaResponse and the client-reported ip are accepted for the contract; the session keeps the request's own address.
export const logIn: MutationResolver<'logIn'> = async (_parent, args, context) => {
  const input = parseInput(logInInput, args);
  return signIn(context, {
    email: input.email,
    password: input.password,
    remember: input.remember ?? false,
    tokenTwoFactor: input.tokenTwoFactor || null,
  });
};
