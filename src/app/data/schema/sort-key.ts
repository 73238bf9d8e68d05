import { ID_MAX, TIME_MAX } from './fields';

/**
 * Newest-first lists as ascending index walks. IndexedDB cursors only serve ascending sorts with
 * a limit (RxDB re-sorts everything read for any 'desc'), so each list gets a local key whose
 * ascending order is the list's descending (time, id) order: every character mirrored within the
 * printable ASCII range and the value padded to a fixed width with a character above all mirrored
 * ones, so a shorter value sorts after its extensions, as a descending text sort puts it.
 * Times (ISO 8601) and ids are ASCII; anything outside the range is clamped to its edge.
 */
const LOW = 0x21;
const HIGH = 0x7d;
const PAD = '~';

export function descendingText(value: string, width: number): string {
  let out = '';
  const length = Math.min(value.length, width);
  for (let i = 0; i < length; i += 1) {
    const code = Math.min(HIGH, Math.max(LOW, value.charCodeAt(i)));
    out += String.fromCharCode(LOW + HIGH - code);
  }
  return out + PAD.repeat(width - length);
}

export const MESSAGE_ID_MAX = ID_MAX + 100;
export const TICKET_SORT_KEY_MAX = TIME_MAX + ID_MAX;
/**
 * A message's key is written twice per message (the document and its conversation index), a
 * hundred thousand times on an initial sync, so it is kept short: the server's `sent_at` is
 * ISO 8601 with milliseconds (24 characters) and its ids are integers; a longer id (a temporary
 * "tmp:<hash>") is cut, and RxDB ends every index with the primary key, which breaks the tie.
 */
const MESSAGE_TIME_WIDTH = 24;
const MESSAGE_ID_WIDTH = 20;
export const MESSAGE_SORT_KEY_MAX = MESSAGE_TIME_WIDTH + MESSAGE_ID_WIDTH;

/** Tickets: newest last message first (`sort_at`), the higher id first on a tie. */
export const ticketSortKey = (doc: { sort_at: string; id: string }): string =>
  descendingText(doc.sort_at, TIME_MAX) + descendingText(doc.id, ID_MAX);

/** Messages: newest `sent_at` first, the higher id first on a tie. */
export const messageSortKey = (doc: { sent_at: string; id: string }): string =>
  descendingText(doc.sent_at, MESSAGE_TIME_WIDTH) + descendingText(doc.id, MESSAGE_ID_WIDTH);

/** Every key of a message without `sent_at` starts with this (they sort last). */
export const NO_TIME_PREFIX = PAD;
