import { z } from 'zod';

/**
 * A place in a collection's change feed: after the row `id` written by transaction `position`
 * (DESIGN §4). The feed is ordered by (position, id).
 */
export interface Cursor {
  position: number;
  id: number;
}

/** The checkpoint as the GraphQL protocol carries it (ids are strings for RxDB). */
export interface Checkpoint {
  id: string;
  position: number;
}

export const FEED_START: Cursor = { position: 0, id: 0 };

const checkpointSchema = z.object({
  id: z.string().regex(/^\d{1,16}$/),
  position: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

/** The cursor a client's checkpoint stands for; null (first pull) starts at the beginning. */
export function cursorFromCheckpoint(checkpoint: unknown): Cursor {
  if (checkpoint === null || checkpoint === undefined) return FEED_START;
  const parsed = checkpointSchema.parse(checkpoint);
  return { position: parsed.position, id: Number(parsed.id) };
}

export const checkpointFromCursor = (cursor: Cursor): Checkpoint => ({ id: String(cursor.id), position: cursor.position });

export const isAfter = (a: Cursor, b: Cursor): boolean => a.position > b.position || (a.position === b.position && a.id > b.id);

export const minCursor = (cursors: Iterable<Cursor>): Cursor | null => {
  let min: Cursor | null = null;
  for (const cursor of cursors) if (min === null || isAfter(min, cursor)) min = cursor;
  return min;
};
