import { UNLIMITED, type MessagingLimit } from '../messaging-limit';

/**
 * How fast a campaign may send (issue 15 §4), as a pure rule over a clock the caller gives:
 * never more than the connection's throughput in any second, never more conversations than its
 * messaging limit leaves in a moving 24 h (Meta's tiers 250, 2 mil, 10 mil, 100 mil, unlimited).
 * Every campaign send is counted as a conversation it may open (a customer already inside a
 * window costs nothing, so counting it keeps to the limit with a margin, never beyond it).
 */
export const SECOND_MS = 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Sends are handed over in slices of a quarter second: a pause takes effect within one slice. */
export const SLICE_MS = 250;

/** Meta's messaging tiers, the labels the UI offers. */
export const MESSAGING_TIERS: readonly MessagingLimit[] = [250, 2000, 10_000, 100_000, UNLIMITED];

export interface PacingState {
  now: number;
  /** Messages per second of the connection. */
  perSecond: number;
  limit: MessagingLimit;
  /** When this campaign's runner handed over its recent sends (any order; older than 1 s is ignored). */
  recentSends: readonly number[];
  /** When the connection's conversations of the last 24 h opened (older ones are ignored). */
  conversationsOpened: readonly number[];
  /** Recipients still to send. */
  pending: number;
  /**
   * Sends handed over that the connection's queue has not sent yet: at most a second's worth, so
   * the queue never holds a backlog that a pause could not take back.
   */
  inFlight?: number;
}

export interface PacingStep {
  /** How many to hand over now. */
  send: number;
  /** When to look again (ms from now); 0 when nothing is left. */
  waitMs: number;
  /** Set while the 24 h limit is used up: when the next conversation may open. */
  limitedUntil: number | null;
}

export function pacingStep(state: PacingState): PacingStep {
  const { now, pending } = state;
  if (pending <= 0) return { send: 0, waitMs: 0, limitedUntil: null };
  const perSecond = Math.max(1, Math.floor(state.perSecond));
  const lastSecond = state.recentSends.filter((t) => t > now - SECOND_MS).sort((a, b) => a - b);
  const lastDay = state.conversationsOpened.filter((t) => t > now - DAY_MS).sort((a, b) => a - b);
  const leftToday = state.limit === UNLIMITED ? Infinity : state.limit - lastDay.length;
  if (leftToday <= 0) {
    // The oldest conversations that must expire before one more fits.
    const until = lastDay[lastDay.length - (state.limit as number)]! + DAY_MS;
    return { send: 0, waitMs: Math.max(1, until - now), limitedUntil: until };
  }
  const leftThisSecond = Math.min(perSecond - lastSecond.length, perSecond - (state.inFlight ?? 0));
  if (perSecond - (state.inFlight ?? 0) <= 0) return { send: 0, waitMs: SLICE_MS, limitedUntil: null };
  if (leftThisSecond <= 0) {
    const until = lastSecond[lastSecond.length - perSecond]! + SECOND_MS;
    return { send: 0, waitMs: Math.max(1, until - now), limitedUntil: null };
  }
  // A slice's share of the second keeps sends spread out instead of a burst at each second's start.
  const slice = Math.max(1, Math.ceil((perSecond * SLICE_MS) / SECOND_MS));
  const send = Math.min(pending, leftThisSecond, leftToday, slice);
  return { send, waitMs: send === pending ? 0 : SLICE_MS, limitedUntil: null };
}
