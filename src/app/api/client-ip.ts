/** SPEC §7/§9: the client's public address, from an optional lookup service with a 2 s limit. */
export const IP_LOOKUP_TIMEOUT_MS = 2_000;
export const PLACEHOLDER_IP = '0.0.0.0';

/**
 * The lookup service is configured with VITE_IP_LOOKUP_URL (answering JSON `{ "ip": ... }` or plain
 * text); without it, or when it fails or is slow, the placeholder address is sent.
 */
export async function clientIp(
  lookupUrl: string | undefined = import.meta.env.VITE_IP_LOOKUP_URL,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = IP_LOOKUP_TIMEOUT_MS,
): Promise<string> {
  if (!lookupUrl) return PLACEHOLDER_IP;
  try {
    const response = await fetchImpl(lookupUrl, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return PLACEHOLDER_IP;
    const text = (await response.text()).trim();
    const ip = text.startsWith('{') ? (JSON.parse(text) as { ip?: unknown }).ip : text;
    return typeof ip === 'string' && ip ? ip : PLACEHOLDER_IP;
  } catch {
    return PLACEHOLDER_IP;
  }
}
