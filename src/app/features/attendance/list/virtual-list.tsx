import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { computeWindow, nearEnd, scrollTopToReveal } from './virtual-window';

export interface VirtualListProps {
  count: number;
  rowHeight: number;
  renderRow: (index: number) => ReactNode;
  getKey: (index: number) => string | number;
  ariaLabel: string;
  /** Row kept in view (keyboard navigation, selection). */
  activeIndex?: number;
  overscan?: number;
  onNearEnd?: () => void;
  /** A row after the last one (loading, end of list), `footerHeight` tall. */
  footer?: ReactNode;
  footerHeight?: number;
}

/**
 * A windowed list of fixed-height rows: only the rows in view (plus `overscan`) exist in the DOM,
 * so ten thousand tickets cost the same as thirty. Scroll events are coalesced to one render per
 * animation frame.
 */
export function VirtualList({
  count,
  rowHeight,
  renderRow,
  getKey,
  ariaLabel,
  activeIndex,
  overscan = 6,
  onNearEnd,
  footer,
  footerHeight = 0,
}: VirtualListProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const frame = useRef(0);
  const [scroll, setScroll] = useState({ top: 0, height: 600 });

  const measure = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    setScroll((prev) =>
      prev.top === el.scrollTop && prev.height === el.clientHeight
        ? prev
        : { top: el.scrollTop, height: el.clientHeight },
    );
  }, []);

  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, [measure]);

  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  }, [measure]);

  useEffect(() => {
    const el = viewport.current;
    if (!el || activeIndex === undefined || activeIndex < 0) return;
    const target = scrollTopToReveal(activeIndex, el.scrollTop, el.clientHeight, rowHeight);
    if (target !== null) el.scrollTop = target;
  }, [activeIndex, rowHeight]);

  const input = { scrollTop: scroll.top, viewportHeight: scroll.height, rowHeight, count };
  const wantsMore = onNearEnd !== undefined && nearEnd(input);
  useEffect(() => {
    if (wantsMore) onNearEnd?.();
  }, [wantsMore, count, onNearEnd]);

  const range = computeWindow({ ...input, overscan });
  const rows: ReactNode[] = [];
  for (let index = range.start; index < range.end; index += 1) {
    rows.push(
      <div
        key={getKey(index)}
        role="listitem"
        aria-posinset={index + 1}
        aria-setsize={count}
        style={{ position: 'absolute', left: 0, right: 0, height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
      >
        {renderRow(index)}
      </div>,
    );
  }

  return (
    <div
      ref={viewport}
      onScroll={onScroll}
      data-testid="virtual-list"
      style={{ overflowY: 'auto', height: '100%', contain: 'strict', overscrollBehavior: 'contain' }}
    >
      <div role="list" aria-label={ariaLabel} style={{ position: 'relative', height: range.totalHeight }}>
        {rows}
      </div>
      {footer !== undefined && <div style={{ height: footerHeight }}>{footer}</div>}
    </div>
  );
}
