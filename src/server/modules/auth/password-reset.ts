import { sql } from 'kysely';
import { auth as texts } from '../../../shared/i18n/pt-BR';
import type { RequestContext } from '../../graphql/context';
import { appError } from '../../graphql/errors';
import { mailTexts } from '../../texts';
import { refuseWhileThrottled } from './auth-throttles';
import { hashToken, newSecretToken } from './secret-tokens';

/**
 * forgot: a single-use reset link (token stored hashed, PASSWORD_RESET_TTL_MINUTES) mailed to the user.
 * The answer is the same whether the e-mail exists or not, and the mail leaves after the answer.
 */
export async function requestPasswordReset(context: RequestContext, email: string): Promise<void> {
  const { config, database, tenant, services } = context;
  const { forgotAddress, forgotAccount } = services.throttles;
  const accountKey = `${tenant.id}:${email}`;
  refuseWhileThrottled(forgotAddress, context.ip);
  // Counted alike whether the e-mail exists or not, so the throttle tells nothing either.
  refuseWhileThrottled(forgotAccount, accountKey);
  forgotAddress.count(context.ip);
  forgotAccount.count(accountKey);
  const minutes = config.passwordResetTtlMinutes;
  const { token, hash } = newSecretToken();
  const user = await database.withTenant(tenant.id, async (tx) => {
    const found = await tx
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where(sql<string>`lower(email)`, '=', email)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!found) return null;
    await tx
      .insertInto('password_resets')
      .values({ tenant_id: tenant.id, user_id: found.id, token_hash: hash, expires_at: sql<Date>`now() + make_interval(mins => ${minutes})` })
      .execute();
    return found;
  });
  if (!user) return;
  const link = `${config.publicUrl}/${tenant.slug}/forgot/${token}`;
  services.mailer
    .send({ to: user.email, subject: mailTexts.resetSubject, text: mailTexts.resetBody(user.name, link, minutes), link })
    .catch((error: unknown) => services.logger.error({ err: error }, 'password reset mail failed'));
}

/**
 * resetPassword: consumes the link once, sets the password, lifts a lock, ends every session and
 * revokes every other link of the user. The link is checked before the password is hashed, so a
 * stream of forged links costs no hashing; forged links count against the caller's address.
 */
export async function resetPassword(context: RequestContext, token: string, password: string): Promise<void> {
  const { database, tenant, services } = context;
  const { resetAddress } = services.throttles;
  refuseWhileThrottled(resetAddress, context.ip);
  const tokenHash = hashToken(token);
  const usable = await database.withTenant(tenant.id, (tx) =>
    tx
      .selectFrom('password_resets')
      .select('id')
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst(),
  );
  const invalid = () => {
    resetAddress.count(context.ip);
    return appError('RESET_INVALID', texts.resetLinkInvalid);
  };
  if (!usable) throw invalid();
  const passwordHash = await services.passwords.hash(password);
  const done = await database.withTenant(tenant.id, async (tx) => {
    // Checked again: the same link may have been used while the password was hashed.
    const reset = await tx
      .updateTable('password_resets')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    if (!reset) return false;
    await tx
      .updateTable('password_resets')
      .set({ used_at: sql<Date>`now()` })
      .where('user_id', '=', reset.user_id)
      .where('used_at', 'is', null)
      .execute();
    await tx
      .updateTable('users')
      .set({ password_hash: passwordHash, attempts: 0, blocked_at: null, updated_at: sql<Date>`now()` })
      .where('id', '=', reset.user_id)
      .execute();
    await tx
      .updateTable('refresh_tokens')
      .set({ revoked_at: sql<Date>`now()` })
      .where('user_id', '=', reset.user_id)
      .where('revoked_at', 'is', null)
      .execute();
    return true;
  });
  if (!done) throw invalid();
}
