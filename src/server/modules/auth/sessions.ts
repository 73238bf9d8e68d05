import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { newSecretToken } from './secret-tokens';

export interface SessionTokens {
  token: string;
  refresh_token: string;
  expires_in: number;
}

export interface SessionUser {
  id: number;
  roleName: string;
}

interface RefreshOptions {
  userId: number;
  remember: boolean;
  /** The sign-in this token continues; a new sign-in starts a new family. */
  familyId?: string;
}

/** Stores the hash of a new refresh token; "remember me" keeps it for REFRESH_TOKEN_TTL_DAYS, else a day. */
export async function issueRefreshToken(context: RequestContext, tx: Tx, options: RefreshOptions): Promise<string> {
  const { config, tenant, ip } = context;
  const days = options.remember ? config.refreshTokenTtlDays : config.refreshTokenSessionTtlDays;
  const { token, hash } = newSecretToken();
  await tx
    .insertInto('refresh_tokens')
    .values({
      tenant_id: tenant.id,
      user_id: options.userId,
      family_id: options.familyId ?? randomUUID(),
      token_hash: hash,
      remember: options.remember,
      ip,
      expires_at: sql<Date>`now() + make_interval(days => ${days})`,
    })
    .execute();
  return token;
}

/** The user's current session epoch (users.session_epoch), which new access tokens carry. */
export async function sessionEpochOf(tx: Tx, userId: number): Promise<number> {
  const row = await tx.selectFrom('users').select('session_epoch').where('id', '=', userId).executeTakeFirst();
  return row?.session_epoch ?? 0;
}

/** A new sign-in: an access token and the first refresh token of a new family, which the access token names. */
export async function openSession(context: RequestContext, tx: Tx, user: SessionUser, remember: boolean): Promise<SessionTokens> {
  const { accessTokens } = context.services;
  const familyId = randomUUID();
  const refresh_token = await issueRefreshToken(context, tx, { userId: user.id, remember, familyId });
  const epoch = await sessionEpochOf(tx, user.id);
  const token = await accessTokens.sign({ userId: user.id, tenantId: context.tenant.id, role: user.roleName, sessionId: familyId, epoch });
  return { token, refresh_token, expires_in: accessTokens.ttlSeconds };
}
