import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { RequestContext, Viewer } from '../../graphql/context';
import { validation } from '../../graphql/errors';
import { countFailure } from '../auth/sign-in';
import { hashToken } from '../auth/secret-tokens';
import { passwordChangeTexts as texts, type UpdateUserPasswordInput } from './password-change-input';

const currentWrong = () => validation('current_password', texts.currentWrong);

/** The refresh-token family of this session, when the token is the viewer's own. */
async function familyToKeep(tx: Tx, userId: number, refreshToken: string | null | undefined): Promise<string | null> {
  if (!refreshToken) return null;
  const row = await tx
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', hashToken(refreshToken))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row?.family_id ?? null;
}

/**
 * updateUserPassword (SPEC §7): the current password is required, and a wrong one counts towards the
 * sign-in lock, so a stolen session can neither change it silently nor guess it. On success every other
 * session and every pending reset link of the user end. Hashing runs outside transactions.
 */
export async function changePassword(context: RequestContext, viewer: Viewer, input: UpdateUserPasswordInput): Promise<void> {
  const { database, tenant, services } = context;
  const stored = await database.withTenant(tenant.id, (tx) =>
    tx.selectFrom('users').select('password_hash').where('id', '=', viewer.userId).executeTakeFirstOrThrow(),
  );
  if (!(await services.passwords.verify(stored.password_hash, input.current_password))) {
    throw await countFailure(context, viewer.userId, currentWrong());
  }
  const passwordHash = await services.passwords.hash(input.password);
  const changed = await database.withTenant(tenant.id, async (tx) => {
    // Only if nobody changed it since it was verified: the check and the change stay one decision.
    const updated = await tx
      .updateTable('users')
      .set({ password_hash: passwordHash, attempts: 0, updated_at: sql<Date>`now()` })
      .where('id', '=', viewer.userId)
      .where('password_hash', '=', stored.password_hash)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    const kept = await familyToKeep(tx, viewer.userId, input.refresh_token);
    let revoke = tx
      .updateTable('refresh_tokens')
      .set({ revoked_at: sql<Date>`now()` })
      .where('user_id', '=', viewer.userId)
      .where('revoked_at', 'is', null);
    if (kept) revoke = revoke.where('family_id', '<>', kept);
    await revoke.execute();
    await tx
      .updateTable('password_resets')
      .set({ used_at: sql<Date>`now()` })
      .where('user_id', '=', viewer.userId)
      .where('used_at', 'is', null)
      .execute();
    return true;
  });
  if (!changed) throw currentWrong();
}
