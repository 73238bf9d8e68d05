/** Deterministic pseudo-random numbers, so a failure replays. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * Server-shaped tickets of two connections and every tab, for `userId` and others: many equal
 * times, some without one, ids of different lengths ('9' sorts above '10') and 0–2 unseen messages.
 */
export function randomServerTickets(count: number, seed: number, userId: string, customers = 7): Record<string, unknown>[] {
  const next = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const minute = Math.floor(next() * 6);
    return {
      id: String(i + 1),
      instance_id: next() < 0.9 ? '1' : '2',
      customer_id: `c${i % customers}`,
      user_id: next() < 0.5 ? userId : next() < 0.5 ? '9' : null,
      is_campaign: next() < 0.3,
      finished_ticket: next() < 0.2,
      inbox: next() < 0.3,
      unseenMsg: Math.floor(next() * 3),
      last_msg: next() < 0.1 ? null : `2025-01-0${1 + (i % 3)}T10:0${minute}:00.000Z`,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: 1,
    };
  });
}
