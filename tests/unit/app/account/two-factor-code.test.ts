import { describe, expect, it } from 'vitest';
import { groupSecret, isCompleteCode, normalizeCode } from '../../../../src/app/features/account/model/two-factor-code';

describe('two-factor code and secret display', () => {
  it('keeps only digits, at most six, so a pasted "123 456" works', () => {
    expect(normalizeCode('123 456')).toBe('123456');
    expect(normalizeCode('12a3-4')).toBe('1234');
    expect(normalizeCode('1234567')).toBe('123456');
  });

  it('is complete only with exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });

  it('shows the base32 secret in groups of four without a trailing space', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    expect(groupSecret('ABCD EF')).toBe('ABCD EF');
  });
});
