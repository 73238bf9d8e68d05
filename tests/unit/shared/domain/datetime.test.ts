import { afterEach, describe, expect, it } from 'vitest';
import {
  TIMESTAMP_INVALID,
  TIME_INVALID,
  dayKey,
  dayLabel,
  formatDate,
  formatTime,
  formatTimestamp,
  isValidTime,
  parseTimestamp,
  toEpochMs,
} from '../../../../src/shared/domain/datetime';
import { timeSchema, timestampSchema } from '../../../../src/shared/domain/datetime-schemas';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0) => Date.UTC(y, mo - 1, d, h, mi, s, ms);

describe('formatters in America/Sao_Paulo (SPEC §5, §9)', () => {
  const instant = utc(2024, 1, 2, 13, 5, 9);

  it('formats time, timestamp and date in São Paulo time (UTC-3)', () => {
    expect(formatTime(instant)).toBe('10:05');
    expect(formatTimestamp(instant)).toBe('2024-01-02 10:05:09');
    expect(formatDate(instant)).toBe('02/01/2024');
    expect(dayKey(instant)).toBe('2024-01-02');
  });

  it('moves to the previous day late in the UTC evening', () => {
    const lateLocal = utc(2024, 1, 2, 2, 30);
    expect(formatTime(lateLocal)).toBe('23:30');
    expect(formatDate(lateLocal)).toBe('01/01/2024');
    expect(formatTimestamp(lateLocal)).toBe('2024-01-01 23:30:00');
  });

  it('writes midnight as 00, never 24', () => {
    expect(formatTime(utc(2024, 1, 2, 3, 0))).toBe('00:00');
    expect(formatTimestamp(utc(2024, 1, 2, 3, 0))).toBe('2024-01-02 00:00:00');
  });

  it('follows the zone rules of the date (daylight saving time in 2018)', () => {
    expect(formatTime(utc(2018, 12, 15, 14, 0))).toBe('12:00');
    expect(formatTime(utc(2018, 7, 15, 14, 0))).toBe('11:00');
  });

  it('accepts a Date, an ISO string and a zone-less local string', () => {
    expect(formatTimestamp(new Date(instant))).toBe('2024-01-02 10:05:09');
    expect(formatTimestamp('2024-01-02T13:05:09Z')).toBe('2024-01-02 10:05:09');
    expect(formatTimestamp('2024-01-02T10:05:09-03:00')).toBe('2024-01-02 10:05:09');
    expect(formatTimestamp('2024-01-02 10:05:09')).toBe('2024-01-02 10:05:09');
  });

  it('can format in another zone', () => {
    expect(formatTime(instant, 'UTC')).toBe('13:05');
    expect(formatDate(utc(2024, 1, 2, 2, 30), 'UTC')).toBe('02/01/2024');
  });

  it('pads years, months, days, hours and seconds', () => {
    expect(formatTimestamp(utc(2024, 3, 4, 8, 6, 7))).toBe('2024-03-04 05:06:07');
    expect(formatDate(utc(905, 3, 4, 12))).toBe('04/03/0905');
  });

  it.each([[Number.NaN], ['garbage'], [null], [undefined], [new Date(Number.NaN)], ['2024-02-30 10:00:00']])(
    'gives an empty string for %j',
    (value) => {
      expect(formatTime(value)).toBe('');
      expect(formatTimestamp(value)).toBe('');
      expect(formatDate(value)).toBe('');
      expect(dayKey(value)).toBe('');
    },
  );

  describe('whatever the machine zone', () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it.each([['Asia/Tokyo'], ['America/Los_Angeles'], ['UTC']])('gives the same output with TZ=%s', (zone) => {
      process.env.TZ = zone;
      expect(formatTimestamp(instant)).toBe('2024-01-02 10:05:09');
      expect(toEpochMs('2024-01-02 10:05:09')).toBe(instant);
      expect(dayLabel(utc(2024, 1, 2, 2, 30), instant)).toBe('Ontem');
    });
  });
});

describe('toEpochMs', () => {
  it.each([
    ['epoch ms', 1_700_000_000_000, 1_700_000_000_000],
    ['a Date', new Date(1_700_000_000_000), 1_700_000_000_000],
    ['ISO with Z', '2024-01-02T13:05:09.250Z', utc(2024, 1, 2, 13, 5, 9, 250)],
    ['local timestamp', '2024-01-02 10:05:09', utc(2024, 1, 2, 13, 5, 9)],
    ['local with T', '2024-01-02T10:05', utc(2024, 1, 2, 13, 5)],
    ['local with a fraction', '2024-01-02T10:05:09.5', utc(2024, 1, 2, 13, 5, 9, 500)],
    ['local with microseconds', '2024-01-02 10:05:09.123456', utc(2024, 1, 2, 13, 5, 9, 123)],
    ['a date only, as local midnight', '2024-01-02', utc(2024, 1, 2, 3)],
    ['local in 2018 summer time', '2018-12-15 12:00:00', utc(2018, 12, 15, 14)],
  ] as const)('reads %s', (_label, value, expected) => {
    expect(toEpochMs(value)).toBe(expected);
  });

  it.each([[null], [undefined], [''], ['nope'], [Number.NaN], [Number.POSITIVE_INFINITY], ['2024-13-01'], ['2023-02-29']])(
    'gives null for %j',
    (value) => {
      expect(toEpochMs(value)).toBeNull();
    },
  );

  it('reads local strings in the zone given', () => {
    expect(toEpochMs('2024-01-02 10:05:09', 'UTC')).toBe(utc(2024, 1, 2, 10, 5, 9));
  });
});

describe('dayLabel', () => {
  const now = utc(2024, 1, 2, 12); // 09:00 on 2 January in São Paulo

  it.each([
    ['the same instant', now, 'Hoje'],
    ['local midnight of today', utc(2024, 1, 2, 3, 0), 'Hoje'],
    ['later today', utc(2024, 1, 3, 2, 59), 'Hoje'],
    ['one minute before local midnight', utc(2024, 1, 2, 2, 59), 'Ontem'],
    ['local midnight of yesterday', utc(2024, 1, 1, 3, 0), 'Ontem'],
    ['the day before yesterday', utc(2024, 1, 1, 2, 59), '31/12/2023'],
    ['tomorrow', utc(2024, 1, 3, 3, 0), '03/01/2024'],
    ['last year', utc(2023, 6, 15, 15), '15/06/2023'],
  ])('%s → %s', (_label, value, expected) => {
    expect(dayLabel(value, now)).toBe(expected);
  });

  it('crosses month and leap-day boundaries', () => {
    expect(dayLabel(utc(2024, 2, 29, 15), utc(2024, 3, 1, 15))).toBe('Ontem');
    expect(dayLabel(utc(2023, 2, 28, 15), utc(2023, 3, 1, 15))).toBe('Ontem');
    expect(dayLabel(utc(2023, 12, 31, 15), utc(2024, 1, 1, 15))).toBe('Ontem');
  });

  it('goes by calendar day, not by 24 hours', () => {
    expect(dayLabel(utc(2024, 1, 2, 2, 0), utc(2024, 1, 2, 4, 0))).toBe('Ontem');
    expect(dayLabel(utc(2024, 1, 1, 4, 0), utc(2024, 1, 3, 2, 0))).toBe('Ontem');
  });

  it('gives an empty string for invalid input', () => {
    expect(dayLabel(null, now)).toBe('');
    expect(dayLabel(now, Number.NaN)).toBe('');
  });
});

describe('parseTimestamp', () => {
  it('reads the spec format as São Paulo time', () => {
    expect(parseTimestamp('2024-01-02 10:05:09')).toBe(utc(2024, 1, 2, 13, 5, 9));
    expect(parseTimestamp(' 2024-01-02 10:05:09 ')).toBe(utc(2024, 1, 2, 13, 5, 9));
    expect(parseTimestamp('2024-02-29 23:59:59')).toBe(utc(2024, 3, 1, 2, 59, 59));
  });

  it('round-trips with formatTimestamp', () => {
    for (const text of ['2024-01-02 10:05:09', '2018-12-15 12:00:00', '2019-06-01 00:00:00', '1999-12-31 23:59:59']) {
      expect(formatTimestamp(parseTimestamp(text))).toBe(text);
    }
  });

  it.each([
    ['2024-01-02T10:05:09'],
    ['2024-01-02 10:05'],
    ['02/01/2024 10:05:09'],
    ['2024-02-30 10:00:00'],
    ['2023-02-29 10:00:00'],
    ['2024-00-10 10:00:00'],
    ['2024-01-02 24:00:00'],
    ['2024-01-02 10:60:00'],
    ['2024-01-02 10:00:60'],
    [''],
  ])('refuses %j', (text) => {
    expect(parseTimestamp(text)).toBeNull();
  });
});

describe('time and timestamp inputs', () => {
  it.each([
    ['00:00', true],
    ['09:30', true],
    ['23:59', true],
    [' 08:00 ', true],
    ['24:00', false],
    ['12:60', false],
    ['9:30', false],
    ['09:30:00', false],
    ['0930', false],
    ['', false],
  ])('isValidTime(%j) → %s', (text, valid) => {
    expect(isValidTime(text)).toBe(valid);
    expect(timeSchema.safeParse(text).success).toBe(valid);
  });

  it('reports the pt-BR messages', () => {
    expect(timeSchema.safeParse('25:00').error?.issues[0]?.message).toBe(TIME_INVALID);
    expect(timestampSchema.safeParse('2024-02-30 10:00:00').error?.issues[0]?.message).toBe(TIMESTAMP_INVALID);
    expect(timestampSchema.parse(' 2024-01-02 10:05:09 ')).toBe('2024-01-02 10:05:09');
  });
});
