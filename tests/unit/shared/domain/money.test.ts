import { describe, expect, it } from 'vitest';
import { CURRENCY_PREFIX, formatMoney } from '../../../../src/shared/domain/money';

describe('formatMoney (SPEC §9)', () => {
  it('uses R$ followed by a plain space', () => {
    expect(CURRENCY_PREFIX).toBe('R$ ');
    expect(formatMoney(100)).toBe('R$ 1,00');
  });

  it.each([
    [0, 'R$ 0,00'],
    [1, 'R$ 0,01'],
    [10, 'R$ 0,10'],
    [99, 'R$ 0,99'],
    [100, 'R$ 1,00'],
    [123456, 'R$ 1.234,56'],
    [100000, 'R$ 1.000,00'],
    [99999999, 'R$ 999.999,99'],
    [123456789012, 'R$ 1.234.567.890,12'],
    [-150, '-R$ 1,50'],
    [-123456, '-R$ 1.234,56'],
    [-0, 'R$ 0,00'],
    [12.5, 'R$ 0,13'],
    [-12.5, '-R$ 0,13'],
    [0.4, 'R$ 0,00'],
    [-0.4, 'R$ 0,00'],
  ])('%s centavos → %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it.each([
    [0, 'R$ 0,00'],
    [1, 'R$ 1,00'],
    [1234.56, 'R$ 1.234,56'],
    [1.005, 'R$ 1,01'],
    [0.1 + 0.2, 'R$ 0,30'],
    [19.999, 'R$ 20,00'],
    [-1234.5, '-R$ 1.234,50'],
    [1e6, 'R$ 1.000.000,00'],
  ])('%s reais → %s', (value, expected) => {
    expect(formatMoney(value, { minor: false })).toBe(expected);
  });

  it('takes bigints in either unit', () => {
    expect(formatMoney(123456n)).toBe('R$ 1.234,56');
    expect(formatMoney(-5n)).toBe('-R$ 0,05');
    expect(formatMoney(12n, { minor: false })).toBe('R$ 12,00');
    expect(formatMoney(123456789012345678901n)).toBe('R$ 1.234.567.890.123.456.789,01');
  });

  it('gives an empty string for values that are not numbers', () => {
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatMoney(Number.NEGATIVE_INFINITY, { minor: false })).toBe('');
  });

  it('defaults to centavos when options are given without minor', () => {
    expect(formatMoney(250, {})).toBe('R$ 2,50');
  });
});
