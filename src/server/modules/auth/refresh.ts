import { sql } from 'kysely';
import type { RefreshPayload } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { unauthorized } from '../../graphql/errors';
import { hashToken } from './secret-tokens';
import { issueRefreshToken } from './sessions';

/** Revokes every token of one sign-in of the user. */
export async function revokeFamily(tx: Tx, userId: number, familyId: string): Promise<void> {
  await tx
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every token of the family `token` belongs to; returns the user it was issued to. */
export async function revokeFamilyOf(tx: Tx, token: string): Promise<number | null> {
  const row = await tx.selectFrom('refresh_tokens').select(['family_id', 'user_id']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) return null;
  await tx
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql<Date>`now()` })
    .where('family_id', '=', row.family_id)
    .where('revoked_at', 'is', null)
    .execute();
  return row.user_id;
}

/**
 * Refresh tokens are single use (DESIGN.md §3): a valid one is marked rotated and replaced by a new
 * one of the same family. Presenting a rotated one again means it leaked: the whole family is revoked.
 */
export async function rotateRefreshToken(context: RequestContext, token: string): Promise<RefreshPayload> {
  const { database, tenant, services } = context;
  const result = await database.withTenant(tenant.id, async (tx) => {
    const row = await tx
      .selectFrom('refresh_tokens')
      .select(['id', 'user_id', 'family_id', 'remember', 'rotated_at', 'revoked_at', sql<boolean>`expires_at <= now()`.as('expired')])
      .where('token_hash', '=', hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.revoked_at || row.expired) return null;
    if (row.rotated_at) {
      await revokeFamilyOf(tx, token);
      return null;
    }
    const user = await tx
      .selectFrom('users as u')
      .innerJoin('roles as r', (join) => join.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'))
      .select(['u.id', 'u.session_epoch', 'r.name as role_name'])
      .where('u.id', '=', row.user_id)
      .where('u.deleted_at', 'is', null)
      .where('u.blocked_at', 'is', null)
      .executeTakeFirst();
    if (!user) return null;
    await tx.updateTable('refresh_tokens').set({ rotated_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
    const refresh_token = await issueRefreshToken(context, tx, { userId: user.id, remember: row.remember, familyId: row.family_id });
    return { userId: user.id, roleName: user.role_name, refresh_token, familyId: row.family_id, epoch: user.session_epoch };
  });
  // Thrown after the commit, so a detected reuse stays revoked.
  if (!result) throw unauthorized();
  const access = await services.accessTokens.sign({
    userId: result.userId,
    tenantId: tenant.id,
    role: result.roleName,
    sessionId: result.familyId,
    epoch: result.epoch,
  });
  return { token: access, refresh_token: result.refresh_token, expires_in: services.accessTokens.ttlSeconds };
}
