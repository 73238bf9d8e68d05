import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { auditFailure, recordAudit } from '../../audit/record-audit';
import { logInInput } from '../inputs';
import { signIn } from '../sign-in';

// recaptchaResponse is accepted for the contract; the client-reported ip goes to the audit log beside the request's own address.
export const logIn: MutationResolver<'logIn'> = async (_parent, args, context) => {
  const input = parseInput(logInInput, args);
  const payload = await signIn(context, {
    email: input.email,
    password: input.password,
    remember: input.remember ?? false,
    tokenTwoFactor: input.tokenTwoFactor || null,
  }).catch(auditFailure(context, { action: 'sign_in_failed', email: input.email, claimedIp: input.ip }));
  if (payload.user) await recordAudit(context, { action: 'sign_in', userId: Number(payload.user.id), claimedIp: input.ip });
  return payload;
};
