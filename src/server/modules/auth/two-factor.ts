import QRCode from 'qrcode';
import type { TwoFactorQrcode } from '../../../shared/graphql/generated';
import { auth as texts } from '../../../shared/i18n/pt-BR';
import type { RequestContext, Viewer } from '../../graphql/context';
import { appError, validation } from '../../graphql/errors';
import { passwordChangeTexts } from '../users/password-change-input';
import { countFailure } from './sign-in';
import { matchTotp, newTotpSecret, totpUri } from './totp';

const twoFactorInvalid = () => appError('TWO_FACTOR_INVALID', texts.twoFactorInvalid);
const currentWrong = () => validation('current_password', passwordChangeTexts.currentWrong);

/** generateQrcode: a new pending secret; it replaces the active one only once a code of it is confirmed. */
export async function generateTwoFactorSecret(context: RequestContext, viewer: Viewer): Promise<TwoFactorQrcode> {
  const secret = newTotpSecret();
  const email = await context.database.withTenant(context.tenant.id, async (tx) => {
    const row = await tx
      .updateTable('users')
      // Sealed at rest (security/secret-box); the plaintext goes only to the user setting it up.
      .set({ google2fa_pending_secret: context.services.secrets.seal(secret) })
      .where('id', '=', viewer.userId)
      .returning('email')
      .executeTakeFirstOrThrow();
    return row.email;
  });
  const uri = totpUri(secret, email);
  return { uri, qrcode: await QRCode.toDataURL(uri), secret };
}

/**
 * twoFactorActivity without a code turns two-factor off, but only with the current password: a wrong
 * one counts towards the sign-in lock (whose block also ends the session), so a stolen session can
 * neither turn it off silently nor keep guessing. Hashing runs outside transactions.
 */
export async function deactivateTwoFactor(context: RequestContext, viewer: Viewer, currentPassword: string | null): Promise<boolean> {
  const { database, tenant, services } = context;
  // Not a guess, so not counted; answered like a wrong one so the client has one message to show.
  if (!currentPassword) throw currentWrong();
  const stored = await database.withTenant(tenant.id, (tx) =>
    tx.selectFrom('users').select('password_hash').where('id', '=', viewer.userId).executeTakeFirstOrThrow(),
  );
  if (!(await services.passwords.verify(stored.password_hash, currentPassword))) {
    throw await countFailure(context, viewer.userId, currentWrong());
  }
  const turnedOff = await database.withTenant(tenant.id, (tx) =>
    tx
      .updateTable('users')
      .set({ twofactor_activity: false, google2fa_secret: null, google2fa_pending_secret: null, attempts: 0 })
      .where('id', '=', viewer.userId)
      // Only if the password was not changed since it was verified: the check and the change stay one decision.
      .where('password_hash', '=', stored.password_hash)
      .returning('id')
      .executeTakeFirst(),
  );
  if (!turnedOff) throw currentWrong();
  return true;
}

/** twoFactorActivity with a code: a valid code of the pending secret turns two-factor on. */
export async function activateTwoFactor(context: RequestContext, viewer: Viewer, code: string): Promise<boolean> {
  const { database, tenant } = context;
  const activated = await database.withTenant(tenant.id, async (tx) => {
    const user = await tx
      .selectFrom('users')
      .select(['google2fa_pending_secret', 'totp_last_step'])
      .where('id', '=', viewer.userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const secret = user.google2fa_pending_secret;
    const step = secret ? matchTotp(context.services.secrets.open(secret), code, user.totp_last_step) : null;
    if (!secret || step === null) return false;
    await tx
      .updateTable('users')
      .set({ twofactor_activity: true, google2fa_secret: secret, google2fa_pending_secret: null, totp_last_step: step })
      .where('id', '=', viewer.userId)
      .execute();
    return true;
  });
  if (!activated) throw twoFactorInvalid();
  return true;
}

/**
 * getUserValidateTwoFatctor: with verifyActivity, whether two-factor is on; without, whether a confirmed
 * secret is in force. A pending one (a setup shown and then cancelled) does not count: it protects nothing.
 */
export async function readTwoFactorState(context: RequestContext, viewer: Viewer, verifyActivity: boolean): Promise<boolean> {
  const user = await context.database.withTenant(context.tenant.id, (tx) =>
    tx
      .selectFrom('users')
      .select(['twofactor_activity', 'google2fa_secret'])
      .where('id', '=', viewer.userId)
      .executeTakeFirstOrThrow(),
  );
  if (verifyActivity) return user.twofactor_activity;
  return user.twofactor_activity && user.google2fa_secret !== null;
}
