import { describe, expect, it } from 'vitest';
import { computeWindow, nearEnd, scrollTopToReveal } from '../../../../src/app/features/attendance/list/virtual-window';

describe('computeWindow', () => {
  it('renders only the rows in view plus the overscan, for ten thousand rows', () => {
    const range = computeWindow({ scrollTop: 84 * 5000, viewportHeight: 700, rowHeight: 84, count: 10_000, overscan: 4 });
    expect(range.start).toBe(4996);
    expect(range.end - range.start).toBeLessThan(25);
    expect(range.offset).toBe(4996 * 84);
    expect(range.totalHeight).toBe(840_000);
  });

  it('clamps past the end, so a shrinking list never renders an empty window', () => {
    const range = computeWindow({ scrollTop: 1e9, viewportHeight: 500, rowHeight: 50, count: 30, overscan: 2 });
    expect(range.end).toBe(30);
    expect(range.start).toBeLessThan(30 - 10 + 1);
  });

  it('is empty for an empty list', () => {
    expect(computeWindow({ scrollTop: 0, viewportHeight: 500, rowHeight: 50, count: 0, overscan: 2 })).toEqual({
      start: 0,
      end: 0,
      offset: 0,
      totalHeight: 0,
    });
  });
});

describe('scrollTopToReveal', () => {
  it('scrolls up or down just enough to show the row, and not at all when it is visible', () => {
    expect(scrollTopToReveal(2, 500, 300, 50)).toBe(100);
    expect(scrollTopToReveal(20, 0, 300, 50)).toBe(20 * 50 + 50 - 300);
    expect(scrollTopToReveal(3, 100, 300, 50)).toBeNull();
  });
});

describe('nearEnd', () => {
  it('asks for the next page only when the viewport reaches the last rows', () => {
    expect(nearEnd({ scrollTop: 0, viewportHeight: 400, rowHeight: 80, count: 10 })).toBe(false);
    expect(nearEnd({ scrollTop: 200, viewportHeight: 400, rowHeight: 80, count: 10 })).toBe(true);
    expect(nearEnd({ scrollTop: 0, viewportHeight: 400, rowHeight: 80, count: 0 })).toBe(false);
  });
});
