import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_STRENGTH_LABELS,
  passwordStrength,
  passwordStrengthLabel,
} from '../../../../src/shared/domain/password';

describe('passwordStrength (SPEC §5)', () => {
  it('has the minimum length of the spec', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it.each([
    ['empty', ''],
    ['7 characters, otherwise strong', 'Ab!@x9Z'],
    ['identical letters', 'Xpaaa!@Kz'],
    ['identical digits', 'Xp111!@Kz'],
    ['identical symbols', 'Xp!!!q@Kz'],
    ['identical letters ignoring case', 'XpaAa!@Kz'],
    ['ascending digits', 'Xp123!@Kz'],
    ['descending digits', 'Xp321!@Kz'],
    ['ascending letters', 'Xpabc!@K1'],
    ['descending letters', 'Xpcba!@K1'],
    ['sequence ignoring case', 'XpaBc!@K1'],
    ['sequence at the start', 'xyz!@K1q'],
    ['sequence at the end', 'K1q!@mno'],
    ['sequence in a long password', 'Kq!@Wm#$Pr%^Tv&*Zb789'],
    ['digits 7, 8, 9', 'Kq!@Ww789'],
  ])('50 for %s', (_label, password) => {
    expect(passwordStrength(password)).toBe(50);
  });

  it.each([
    ['lower case only', 'kqmwzrtv'],
    ['no special character', 'KqmWzr7t'],
    ['one special character', 'KqmWz!7t'],
    ['two specials, no upper case', 'kqm!z@7t'],
    ['two specials, no lower case', 'KQM!Z@7T'],
    ['two specials without letters', '17!4@947'],
    ['broken sequence 1-2-4', 'Kq124mWz'],
    ['pairs are not runs', 'Kqq11mWz'],
    ['9-0-1 does not wrap around', 'Kq901mWz'],
    ['z-a-b does not wrap around', 'Kzabm1Wq'],
    ['a space is not a special character', 'Kq m Wz!7'],
  ])('75 for %s', (_label, password) => {
    expect(passwordStrength(password)).toBe(75);
  });

  it.each([
    ['two specials with both cases', 'Kq!mW@z7'],
    ['exactly 8 characters', 'Aq!#Mz7w'],
    ['accented letters count as letters', 'Çãé!@Xk7'],
    ['unicode symbols count as special', 'Kq€mW£z7'],
    ['long passphrase', 'Minha-Senha_Forte!2024'],
  ])('100 for %s', (_label, password) => {
    expect(passwordStrength(password)).toBe(100);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordStrength('Kq!😀W@z')).toBe(50);
    expect(passwordStrength('Kq!😀W@z7')).toBe(100);
  });
});

describe('labels', () => {
  it('maps each score to its pt-BR label', () => {
    expect(PASSWORD_STRENGTH_LABELS).toEqual({ 50: 'Fraca', 75: 'Média', 100: 'Forte' });
    expect(passwordStrengthLabel('abc')).toBe('Fraca');
    expect(passwordStrengthLabel('KqmWzr7t')).toBe('Média');
    expect(passwordStrengthLabel('Kq!mW@z7')).toBe('Forte');
  });
});
