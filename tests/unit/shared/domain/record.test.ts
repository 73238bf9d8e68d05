import { describe, expect, it } from 'vitest';
import { compareIds, isSet, sameId } from '../../../../src/shared/domain/record';

describe('isSet', () => {
  it.each([
    [true, true],
    [1, true],
    [2, true],
    [-1, true],
    [false, false],
    [0, false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (flag, expected) => {
    expect(isSet(flag)).toBe(expected);
  });
});

describe('sameId', () => {
  it.each([
    [12, 12, true],
    [12, '12', true],
    ['7', '7', true],
    [12, 13, false],
    [null, null, false],
    [undefined, undefined, false],
    [null, 0, false],
    [0, '0', true],
  ] as const)('%s vs %s → %s', (a, b, expected) => {
    expect(sameId(a, b)).toBe(expected);
  });
});

describe('compareIds', () => {
  it('orders whole numbers numerically, also as strings and beyond 2^53', () => {
    expect(compareIds(2, 10)).toBeLessThan(0);
    expect(compareIds('10', '9')).toBeGreaterThan(0);
    expect(compareIds('9007199254740993', '9007199254740992')).toBeGreaterThan(0);
    expect(compareIds('007', 7)).toBe(0);
  });

  it('falls back to text order for non-numeric ids', () => {
    expect(compareIds('a', 'b')).toBeLessThan(0);
    expect(compareIds('b', 'a')).toBeGreaterThan(0);
    expect(compareIds('x1', 'x1')).toBe(0);
  });
});
