/** How many conversation lines are rendered when a conversation opens, and per step upwards. */
export const INITIAL_RENDER = 40;
export const RENDER_STEP = 60;

/**
 * The first rendered line: the one keyed `firstKey` when it is still there (older history loaded
 * above it does not move the view), otherwise the last `initial` lines.
 */
export function firstRenderedIndex(items: ReadonlyArray<{ key: string }>, firstKey: string | null, initial: number): number {
  if (firstKey !== null) {
    const index = items.findIndex((item) => item.key === firstKey);
    if (index !== -1) return index;
  }
  return Math.max(0, items.length - initial);
}
