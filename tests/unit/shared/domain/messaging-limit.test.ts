import { describe, expect, it } from 'vitest';
import {
  MESSAGING_LIMIT_INVALID,
  UNLIMITED,
  messagingLimitLabel,
  messagingLimitSchema,
  parseMessagingLimit,
} from '../../../../src/shared/domain/messaging-limit';

describe('messagingLimitLabel (SPEC §9)', () => {
  it.each([
    ['UNLIMITED', 'Ilimitado'],
    ['unlimited', 'Ilimitado'],
    ['TIER_UNLIMITED', 'Ilimitado'],
    [null, 'Ilimitado'],
    [undefined, 'Ilimitado'],
    ['', 'Ilimitado'],
    ['  ', 'Ilimitado'],
    [1000, '1 mil'],
    ['1000', '1 mil'],
    ['TIER_1K', '1 mil'],
    ['TIER_2K', '2 mil'],
    [10000, '10 mil'],
    ['TIER_10K', '10 mil'],
    [100000, '100 mil'],
    ['TIER_100K', '100 mil'],
    [1500, '1,5 mil'],
    [1250, '1,25 mil'],
    [1001, '1,001 mil'],
    [1000000, '1.000 mil'],
    [250, '250'],
    ['TIER_250', '250'],
    ['TIER_50', '50'],
  ])('%s → %s', (limit, expected) => {
    expect(messagingLimitLabel(limit)).toBe(expected);
  });

  it.each([
    ['garbage', 'garbage'],
    [0, '0'],
    [-1000, '-1000'],
    [1.5, '1.5'],
    [Number.NaN, 'NaN'],
    [true, 'true'],
  ])('shows %s as it came when it is not a limit', (limit, expected) => {
    expect(messagingLimitLabel(limit)).toBe(expected);
  });
});

describe('parseMessagingLimit', () => {
  it.each([
    ['UNLIMITED', UNLIMITED],
    ['Ilimitado', UNLIMITED],
    ['', UNLIMITED],
    [null, UNLIMITED],
    [1000, 1000],
    ['1000', 1000],
    [' 1000 ', 1000],
    ['10.000', 10000],
    ['1.000.000', 1000000],
    ['10 mil', 10000],
    ['10mil', 10000],
    ['1 MIL', 1000],
    ['1,5 mil', 1500],
    ['1,25 mil', 1250],
    ['1.000 mil', 1000000],
    ['10k', 10000],
    ['TIER_1K', 1000],
    ['tier_10k', 10000],
    ['TIER_250', 250],
  ])('%s → %s', (input, expected) => {
    expect(parseMessagingLimit(input)).toBe(expected);
  });

  it.each([['abc'], ['1.5'], ['1,5'], ['10.00'], ['-5'], ['1,2345 mil'], ['0'], [0], [-1], [2.5], [{}], [[]], [false]])(
    'refuses %j',
    (input) => {
      expect(parseMessagingLimit(input)).toBeNull();
    },
  );

  it('reads back every label it produces', () => {
    for (const limit of [UNLIMITED, 250, 1000, 1500, 10000, 100000, 1000000]) {
      expect(parseMessagingLimit(messagingLimitLabel(limit))).toBe(limit);
    }
  });
});

describe('messagingLimitSchema', () => {
  it('yields the parsed limit', () => {
    expect(messagingLimitSchema.parse('10 mil')).toBe(10000);
    expect(messagingLimitSchema.parse('')).toBe(UNLIMITED);
  });

  it('fails with the pt-BR message', () => {
    const result = messagingLimitSchema.safeParse('muitas');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGING_LIMIT_INVALID);
  });
});
