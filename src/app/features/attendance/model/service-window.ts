import { toEpochMs, type Instant } from '../../../../shared/domain/datetime';
import type { MessageView } from './types';
import { isOutgoing } from './conversation-items';

/** WhatsApp's customer-service window: free-form messages only within 24 h of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60_000;

/** Time of the customer's latest message, or null when they never wrote. */
export function lastIncomingAt(messages: readonly MessageView[]): number | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (m && !isOutgoing(m)) return toEpochMs(m.sent_at);
  }
  return null;
}

/** Milliseconds left in the window (0 when closed or never opened). */
export function windowRemainingMs(lastIncoming: number | null, now: Instant): number {
  const nowMs = toEpochMs(now);
  if (lastIncoming === null || nowMs === null) return 0;
  return Math.max(0, lastIncoming + SERVICE_WINDOW_MS - nowMs);
}

/** '23 h 05 min', '42 min', '< 1 min'. */
export function formatRemaining(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return '< 1 min';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${String(rest).padStart(2, '0')} min` : `${rest} min`;
}
