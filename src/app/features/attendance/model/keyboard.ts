import type { RecordId } from './types';

/** The ticket Alt+↑/↓ moves to: the neighbour in list order, the first one when none is open. */
export function neighbourTicketId(ids: readonly RecordId[], currentId: string | null, step: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const index = currentId === null ? -1 : ids.findIndex((id) => String(id) === currentId);
  if (index === -1) return String(step === 1 ? ids[0] : ids[ids.length - 1]);
  const next = Math.min(ids.length - 1, Math.max(0, index + step));
  return String(ids[next]);
}

/** Whether a key event comes from a place where typing text is expected. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const el = target as HTMLElement;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** The composer listens for this to open quick answers when `/` is typed elsewhere on the screen. */
export const COMPOSE_SLASH_EVENT = 'pedbot:attendance-compose-slash';
