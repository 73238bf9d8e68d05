import { describe, expect, it } from 'vitest';
import { formatCnpj, formatTaxId } from '../../../../src/shared/domain/tax-id';

describe('customer documents as Brazilians read them', () => {
  it('writes a CPF and a CNPJ with their punctuation, however they were typed', () => {
    expect(formatTaxId('12345678909')).toBe('123.456.789-09');
    expect(formatTaxId('123.456.789-09')).toBe('123.456.789-09');
    expect(formatTaxId(' 123 456 789 09')).toBe('123.456.789-09');
    expect(formatTaxId('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatTaxId('11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('keeps anything else as it was stored, and nothing as nothing', () => {
    expect(formatTaxId('RG 12.345.678-9')).toBe('RG 12.345.678-9');
    expect(formatTaxId('1234567')).toBe('1234567');
    expect(formatTaxId('AB1234567')).toBe('AB1234567');
    expect(formatTaxId(null)).toBe('');
    expect(formatTaxId(undefined)).toBe('');
    expect(formatTaxId('')).toBe('');
  });
});
