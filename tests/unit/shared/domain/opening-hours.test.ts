import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, describeOpeningHours, isStoreOpen, openingHoursSchema, type DayHours } from '../../../../src/shared/domain/opening-hours';

// 2026-11-23 is a Monday. São Paulo is UTC-3 all year (no daylight saving since 2019).
const sp = (local: string) => new Date(`${local}-03:00`);

describe('isStoreOpen: is the store open at an instant, on São Paulo wall-clock time', () => {
  it('is open inside a weekday interval and closed at the closing minute', () => {
    expect(isStoreOpen(DEFAULT_OPENING_HOURS, sp('2026-11-23T08:00'))).toBe(true);
    expect(isStoreOpen(DEFAULT_OPENING_HOURS, sp('2026-11-23T17:59'))).toBe(true);
    expect(isStoreOpen(DEFAULT_OPENING_HOURS, sp('2026-11-23T18:00'))).toBe(false);
    expect(isStoreOpen(DEFAULT_OPENING_HOURS, sp('2026-11-23T07:59'))).toBe(false);
  });

  it('reads the weekday in São Paulo, not in UTC', () => {
    // Saturday 23:30 in São Paulo is Sunday 02:30 UTC; Saturday closes at 12:00.
    expect(isStoreOpen(DEFAULT_OPENING_HOURS, sp('2026-11-28T11:30'))).toBe(true);
    expect(isStoreOpen(DEFAULT_OPENING_HOURS, sp('2026-11-28T12:30'))).toBe(false);
    expect(isStoreOpen(DEFAULT_OPENING_HOURS, sp('2026-11-29T10:00'))).toBe(false);
    const sundayOnly: DayHours[] = [{ day: 0, open: true, opens: '00:00', closes: '23:59' }];
    expect(isStoreOpen(sundayOnly, sp('2026-11-29T00:30'))).toBe(true);
    expect(isStoreOpen(sundayOnly, sp('2026-11-28T23:30'))).toBe(false);
  });

  it('carries a day that closes after midnight into the next morning', () => {
    const bar: DayHours[] = [{ day: 5, open: true, opens: '18:00', closes: '02:00' }];
    expect(isStoreOpen(bar, sp('2026-11-27T23:00'))).toBe(true);
    expect(isStoreOpen(bar, sp('2026-11-28T01:59'))).toBe(true);
    expect(isStoreOpen(bar, sp('2026-11-28T02:00'))).toBe(false);
    expect(isStoreOpen(bar, sp('2026-11-27T17:00'))).toBe(false);
  });

  it('is closed on a day marked closed and on a day not listed', () => {
    const hours: DayHours[] = [{ day: 1, open: false, opens: '08:00', closes: '18:00' }];
    expect(isStoreOpen(hours, sp('2026-11-23T10:00'))).toBe(false);
    expect(isStoreOpen(hours, sp('2026-11-24T10:00'))).toBe(false);
  });
});

describe('openingHoursSchema and describeOpeningHours', () => {
  it('refuses times that are not HH:mm and a day given twice', () => {
    expect(openingHoursSchema.safeParse([{ day: 1, open: true, opens: '8h', closes: '18:00' }]).success).toBe(false);
    expect(openingHoursSchema.safeParse([{ day: 1, open: true, opens: '24:00', closes: '18:00' }]).success).toBe(false);
    const twice = { day: 2, open: true, opens: '08:00', closes: '18:00' };
    expect(openingHoursSchema.safeParse([twice, twice]).success).toBe(false);
    expect(openingHoursSchema.safeParse(DEFAULT_OPENING_HOURS).success).toBe(true);
  });

  it('describes the week from Monday, with closed days said so', () => {
    expect(describeOpeningHours(DEFAULT_OPENING_HOURS)).toEqual([
      'Segunda-feira: 08:00 às 18:00',
      'Terça-feira: 08:00 às 18:00',
      'Quarta-feira: 08:00 às 18:00',
      'Quinta-feira: 08:00 às 18:00',
      'Sexta-feira: 08:00 às 18:00',
      'Sábado: 08:00 às 12:00',
      'Domingo: fechado',
    ]);
  });
});
