import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../../src/shared/domain/relative-time';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2024, 5, 15, 12);

describe('relativeTime (SPEC §9 units)', () => {
  it.each([
    [0, 'agora'],
    [59 * SECOND, 'agora'],
    [MINUTE, '1 min'],
    [5 * MINUTE, '5 min'],
    [59 * MINUTE + 59 * SECOND, '59 min'],
    [HOUR, '1 hora'],
    [2 * HOUR - 1, '1 hora'],
    [2 * HOUR, '2 horas'],
    [23 * HOUR, '23 horas'],
    [DAY, '1 dia'],
    [2 * DAY, '2 dias'],
    [6 * DAY + 23 * HOUR, '6 dias'],
    [7 * DAY, '1 semana'],
    [13 * DAY, '1 semana'],
    [14 * DAY, '2 semanas'],
    [21 * DAY, '3 semanas'],
    [29 * DAY, '4 semanas'],
    [30 * DAY, '1 mês'],
    [59 * DAY, '1 mês'],
    [60 * DAY, '2 meses'],
    [120 * DAY, '4 meses'],
    [359 * DAY, '11 meses'],
    [364 * DAY, '11 meses'],
    [365 * DAY, '1 ano'],
    [729 * DAY, '1 ano'],
    [730 * DAY, '2 anos'],
    [3650 * DAY, '10 anos'],
  ])('%i ms ago → %s', (elapsed, expected) => {
    expect(relativeTime(NOW - elapsed, NOW)).toBe(expected);
  });

  it("treats a future time (clock skew) as 'agora'", () => {
    expect(relativeTime(NOW + 5 * MINUTE, NOW)).toBe('agora');
    expect(relativeTime(NOW + 400 * DAY, NOW)).toBe('agora');
  });

  it('accepts Dates and strings', () => {
    expect(relativeTime(new Date(NOW - 3 * HOUR), new Date(NOW))).toBe('3 horas');
    expect(relativeTime('2024-06-15T11:55:00Z', NOW)).toBe('5 min');
    expect(relativeTime('2024-06-15 08:00:00', NOW)).toBe('1 hora');
  });

  it('gives an empty string for invalid input', () => {
    expect(relativeTime(null, NOW)).toBe('');
    expect(relativeTime(undefined, NOW)).toBe('');
    expect(relativeTime('never', NOW)).toBe('');
    expect(relativeTime(NOW, Number.NaN)).toBe('');
  });
});
