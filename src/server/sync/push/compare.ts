/** Write stamps the server sets: a fresh one reaches the client by the feed, it is no conflict. */
const STAMPS = ['updatedAt', 'curretTimestamp'];

/**
 * Whether the client's document state equals the master's on every replicated field (nested
 * objects by value). A pushed row that differs comes back as a conflict carrying the master state.
 */
export function sameDocument(master: object, pushed: object, ignore: readonly string[] = []): boolean {
  const other = pushed as Record<string, unknown>;
  return Object.entries(master).every(([key, value]) => ignore.includes(key) || STAMPS.includes(key) || sameValue(value, other[key]));
}

function sameValue(a: unknown, b: unknown): boolean {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  // By entries alone a longer pushed list would equal a shorter master one (ChatTicket.category_ids).
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((value, i) => sameValue(value, b[i]));
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) return sameDocument(a, b);
  return a === b;
}

/** A row id as the server stores it, or null for an id only the client knows ("tmp:…"). */
export const serverId = (id: string): number | null => (/^\d{1,15}$/.test(id) ? Number(id) : null);
