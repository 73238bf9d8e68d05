import { describe, expect, it } from 'vitest';
import { brazilPhoneVariants, digitsOnly, formatPhone, normalizePhone } from '../../../../src/shared/domain/phone';

describe('digitsOnly', () => {
  it.each([
    ['+55 (11) 98765-4321', '5511987654321'],
    [5511987654321, '5511987654321'],
    ['abc', ''],
    [null, ''],
    [undefined, ''],
  ])('%s → %s', (raw, expected) => {
    expect(digitsOnly(raw)).toBe(expected);
  });
});

describe('normalizePhone (SPEC §5)', () => {
  it.each([
    ['11987654321', '5511987654321'],
    ['(11) 98765-4321', '5511987654321'],
    ['1134567890', '551134567890'],
    ['5511987654321', '5511987654321'],
    ['+55 11 98765-4321', '5511987654321'],
    ['551134567890', '551134567890'],
    // 11 digits starting with 55 is a national number (area code 55), so it still gets the country code.
    ['55987654321', '5555987654321'],
    // Longer than 11 digits but not starting with 55: not Brazilian-looking, 55 is prepended as the spec says.
    ['011987654321', '55011987654321'],
    ['987654321', '55987654321'],
    ['5', '555'],
    [11987654321, '5511987654321'],
    ['', ''],
    ['---', ''],
    [null, ''],
    [undefined, ''],
  ])('%s → %s', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });

  it('is idempotent on its own output', () => {
    for (const raw of ['11987654321', '1134567890', '+55 11 98765-4321']) {
      const once = normalizePhone(raw);
      expect(normalizePhone(once)).toBe(once);
    }
  });
});

describe('formatPhone', () => {
  it.each([
    ['5511987654321', '(11) 98765-4321'],
    ['551134567890', '(11) 3456-7890'],
    ['11987654321', '(11) 98765-4321'],
    ['1134567890', '(11) 3456-7890'],
    ['+55 (21) 99876-5432', '(21) 99876-5432'],
    [5511987654321, '(11) 98765-4321'],
    ['55987654321', '(55) 98765-4321'],
    ['987654321', '98765-4321'],
    ['34567890', '3456-7890'],
    ['1234', '1234'],
    ['12345', '12345'],
    ['14155552671000', '14155552671000'],
    ['', ''],
    ['abc', ''],
    [null, ''],
    [undefined, ''],
  ])('%s → %s', (raw, expected) => {
    expect(formatPhone(raw)).toBe(expected);
  });
});

describe('brazilPhoneVariants', () => {
  it.each([
    ['5511987654321', ['5511987654321', '551187654321']],
    ['551187654321', ['551187654321', '5511987654321']],
    ['5511900000001', ['5511900000001']],
    ['556199998888', ['556199998888', '5561999998888']],
    ['556181234567', ['556181234567', '5561981234567']],
    ['556171234567', ['556171234567', '5561971234567']],
    ['556161234567', ['556161234567', '5561961234567']],
    ['+55 (11) 98765-4321', ['5511987654321', '551187654321']],
  ])('mobile %s → %j', (digits, expected) => {
    expect(brazilPhoneVariants(digits)).toEqual(expected);
  });

  it.each([
    ['landline 12 digits', '551134567890'],
    ['13 digits whose eight digits look like a landline', '5511934567890'],
    ['13 digits without the ninth-digit 9', '5511887654321'],
    ['area code with a zero', '551087654321'],
    ['area code with a zero, 13 digits', '5501987654321'],
    ['another country', '14155552671'],
    ['national number without 55', '11987654321'],
    ['too short', '5511'],
  ])('%s has no twin', (_label, digits) => {
    expect(brazilPhoneVariants(digits)).toEqual([digits]);
  });

  it('maps the fixture wa_id both ways', () => {
    const [, twelve] = brazilPhoneVariants('5511987650001');
    expect(twelve).toBe('551187650001');
    expect(brazilPhoneVariants(twelve)).toContain('5511987650001');
  });

  it('gives nothing for empty input', () => {
    expect(brazilPhoneVariants('')).toEqual([]);
    expect(brazilPhoneVariants(null)).toEqual([]);
  });
});
