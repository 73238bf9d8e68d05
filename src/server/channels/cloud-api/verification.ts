/** The webhook subscription handshake (Graph API "Verification Requests"). */
export interface VerificationQuery {
  'hub.mode'?: unknown;
  'hub.verify_token'?: unknown;
  'hub.challenge'?: unknown;
}

/** The challenge to echo when the request is a subscribe with our verify token; null to refuse. */
export function verificationChallenge(query: VerificationQuery, verifyToken: string): string | null {
  const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = query;
  if (!verifyToken || mode !== 'subscribe' || token !== verifyToken) return null;
  return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
}
