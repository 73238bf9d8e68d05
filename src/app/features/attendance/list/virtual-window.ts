/** Which rows of a fixed-height list are in (or near) the viewport. Pure, so it is tested alone. */
export interface WindowInput {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  /** Extra rows rendered above and below so fast scrolling never shows blank space. */
  overscan: number;
}

export interface WindowRange {
  /** First rendered index (inclusive). */
  start: number;
  /** Last rendered index (exclusive). */
  end: number;
  /** Pixel offset of the first rendered row. */
  offset: number;
  totalHeight: number;
}

export function computeWindow({ scrollTop, viewportHeight, rowHeight, count, overscan }: WindowInput): WindowRange {
  const totalHeight = count * rowHeight;
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0, offset: 0, totalHeight };
  const top = Math.max(0, Math.min(scrollTop, Math.max(0, totalHeight - viewportHeight)));
  const first = Math.floor(top / rowHeight);
  const visible = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, offset: start * rowHeight, totalHeight };
}

/** The scrollTop that brings row `index` fully into view, or null when it already is. */
export function scrollTopToReveal(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number | null {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + viewportHeight) return rowBottom - viewportHeight;
  return null;
}

/** True when the viewport bottom is within `thresholdRows` rows of the end: time for the next page. */
export function nearEnd(input: Omit<WindowInput, 'overscan'>, thresholdRows = 3): boolean {
  const { scrollTop, viewportHeight, rowHeight, count } = input;
  if (count === 0) return false;
  return scrollTop + viewportHeight >= count * rowHeight - thresholdRows * rowHeight;
}
