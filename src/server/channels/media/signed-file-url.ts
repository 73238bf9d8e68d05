import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { fileUrl } from './media-store';

/**
 * Short-lived links for `<img>`, `<audio>` and downloads, which cannot send a bearer header:
 * `/api/file/<name>?t=<tenant>&e=<unix seconds>&s=<hmac>`. The HMAC covers tenant, name and expiry,
 * so a link opens that one file of that tenant until it expires, and nothing else.
 */
export interface FileUrlSigner {
  sign(tenantId: number, name: string, nowMs?: number): string;
  /** The tenant the link was made for, or null when it is forged or expired. */
  verify(name: string, query: { t?: unknown; e?: unknown; s?: unknown }, nowMs?: number): number | null;
}

export function createFileUrlSigner(secret: string, ttlSeconds = 600): FileUrlSigner {
  // A key of its own, so a file link can never pass for a session token or the other way round.
  const key = Buffer.from(hkdfSync('sha256', secret, 'pedbot', 'file-url', 32));
  const mac = (tenantId: number, name: string, expires: number) =>
    createHmac('sha256', key).update(`${tenantId}:${name}:${expires}`).digest('base64url');
  return {
    sign(tenantId, name, nowMs = Date.now()) {
      const expires = Math.floor(nowMs / 1000) + ttlSeconds;
      return `${fileUrl(name)}?t=${tenantId}&e=${expires}&s=${mac(tenantId, name, expires)}`;
    },
    verify(name, { t, e, s }, nowMs = Date.now()) {
      const tenantId = Number(t);
      const expires = Number(e);
      if (!Number.isSafeInteger(tenantId) || !Number.isSafeInteger(expires) || typeof s !== 'string') return null;
      if (expires * 1000 < nowMs) return null;
      const given = Buffer.from(s);
      const expected = Buffer.from(mac(tenantId, name, expires));
      return given.length === expected.length && timingSafeEqual(given, expected) ? tenantId : null;
    },
  };
}
