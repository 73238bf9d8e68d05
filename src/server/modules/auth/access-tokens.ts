import { SignJWT, errors, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: number;
  tenantId: number;
  role: string;
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

/** Short-lived HS256 JWTs: sub = user id, tid = tenant id, role = role name (DESIGN.md §3). */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: ({ userId, tenantId, role }) =>
      new SignJWT({ tid: tenantId, role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const { tid, role } = payload;
        if (!Number.isSafeInteger(userId) || typeof tid !== 'number' || typeof role !== 'string') return { status: 'invalid' };
        return { status: 'valid', claims: { userId, tenantId: tid, role } };
      } catch (error) {
        return error instanceof errors.JWTExpired ? { status: 'expired' } : { status: 'invalid' };
      }
    },
  };
}
