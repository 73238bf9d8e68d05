import type { FastifyInstance } from 'fastify';

/**
 * The console's Content-Security-Policy: scripts, workers, the manifest and every connection
 * (GraphQL over HTTP and the websocket) come from our own origin only; no inline or evaluated
 * script. Styles may be inline because Mantine writes its CSS variables and component styles
 * into style attributes and tags at run time. Images and media also come as data: and blob: URLs
 * (previews before upload, the QR code of two-factor sign-in).
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers on every answer (issue 13), set before the route runs so a route with needs of its own
 * (the sandbox simulator page) can replace them. HSTS only over HTTPS: on plain HTTP it would be
 * ignored by browsers and would break a later switch back; behind a proxy it needs TRUST_PROXY so
 * X-Forwarded-Proto is believed.
 */
export function registerSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', CONSOLE_CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    // Reset links carry their token in the path: no address leaves in a Referer header.
    reply.header('referrer-policy', 'no-referrer');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
