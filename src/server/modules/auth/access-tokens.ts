import { SignJWT, errors, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: number;
  tenantId: number;
  role: string;
  /**
   * The sign-in (refresh-token family) the token belongs to: once that session is revoked (logout,
   * disconnectUser, a password change) the token is refused at once, not when it expires.
   */
  sessionId?: string;
  /** The user's session epoch when signed; disconnectUser and deletion raise it, refusing older tokens. */
  epoch?: number;
}

export type AccessCheck =
  | { status: 'valid'; claims: AccessClaims }
  | { status: 'expired' }
  | { status: 'invalid' };

export interface AccessTokens {
  readonly ttlSeconds: number;
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<AccessCheck>;
}

/** Short-lived HS256 JWTs: sub = user id, tid = tenant id, role = role name, sid = session, sep = epoch (DESIGN.md §3). */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: ({ userId, tenantId, role, sessionId, epoch }) =>
      new SignJWT({ tid: tenantId, role, ...(sessionId === undefined ? {} : { sid: sessionId }), ...(epoch === undefined ? {} : { sep: epoch }) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const { tid, role, sid, sep } = payload;
        if (!Number.isSafeInteger(userId) || typeof tid !== 'number' || typeof role !== 'string') return { status: 'invalid' };
        if ((sid !== undefined && typeof sid !== 'string') || (sep !== undefined && typeof sep !== 'number')) return { status: 'invalid' };
        return { status: 'valid', claims: { userId, tenantId: tid, role, sessionId: sid, epoch: sep } };
      } catch (error) {
        return error instanceof errors.JWTExpired ? { status: 'expired' } : { status: 'invalid' };
      }
    },
  };
}
