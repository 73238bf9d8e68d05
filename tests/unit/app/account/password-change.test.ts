import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from '../../../../src/app/features/account/model/password-change';
import { auth } from '../../../../src/shared/i18n/pt-BR';

const valid = { current: 'Pedbot@demo1', password: 'Nova#Senha@2024', confirmation: 'Nova#Senha@2024' };

describe('password change form rules (SPEC §5, §9)', () => {
  it('accepts a strong, confirmed password different from the current one', () => {
    expect(validatePasswordChange(valid)).toEqual({});
    // Média (75) is enough, as on the server.
    expect(validatePasswordChange({ ...valid, password: 'Nova#Senha2024', confirmation: 'Nova#Senha2024' })).toEqual({});
  });

  it('asks for the current password', () => {
    expect(validatePasswordChange({ ...valid, current: '' })).toEqual({ current: 'Informe a senha atual.' });
  });

  it('refuses fewer than 8 characters with the shared text', () => {
    expect(validatePasswordChange({ ...valid, password: 'Ab#1xyz', confirmation: 'Ab#1xyz' }).password).toBe(auth.passwordTooWeak);
  });

  it('refuses weak passwords: runs and sequences score 50', () => {
    for (const weak of ['Abc#Senha2024', 'Senhaaa#2024', 'Senha#1234x']) {
      expect(validatePasswordChange({ ...valid, password: weak, confirmation: weak }).password).toMatch(/^Senha fraca/);
    }
  });

  it('refuses the current password as the new one', () => {
    const same = { current: valid.password, password: valid.password, confirmation: valid.password };
    expect(validatePasswordChange(same).password).toBe('A nova senha deve ser diferente da atual.');
  });

  it('refuses a confirmation that differs', () => {
    expect(validatePasswordChange({ ...valid, confirmation: 'Nova#Senha@2025' })).toEqual({ confirmation: 'As senhas não conferem.' });
  });
});
