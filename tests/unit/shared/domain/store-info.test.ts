import { describe, expect, it } from 'vitest';
import { EMPTY_STORE_INFO, fillMessageVariables, isValidCnpj, parseStoreInfo, storeInfoSchema } from '../../../../src/shared/domain/store-info';
import { formatCnpj } from '../../../../src/shared/domain/tax-id';

describe('store info (configs/client-form)', () => {
  it('checks CNPJ check digits, in any punctuation', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('stores the document and phone as digits and says which field is wrong', () => {
    const base = { ...EMPTY_STORE_INFO, name: 'Loja Demo' };
    const ok = storeInfoSchema.parse({ ...base, document: '11.222.333/0001-81', phone: '(11) 3333-4444' });
    expect([ok.document, ok.phone]).toEqual(['11222333000181', '1133334444']);
    const bad = storeInfoSchema.safeParse({ ...base, document: '123' });
    expect(bad.success ? null : bad.error.issues[0]?.path).toEqual(['document']);
    const noName = storeInfoSchema.safeParse({ ...base, name: '  ' });
    expect(noName.success ? null : noName.error.issues[0]?.message).toBe('Informe o nome da loja.');
  });

  it('reads an unreadable stored value as not filled in', () => {
    expect(parseStoreInfo('not json')).toEqual(EMPTY_STORE_INFO);
    expect(parseStoreInfo(null)).toEqual(EMPTY_STORE_INFO);
    expect(parseStoreInfo(JSON.stringify({ ...EMPTY_STORE_INFO, name: 'X' })).name).toBe('X');
  });
});

describe('fillMessageVariables: the closing message as the customer reads it', () => {
  const store = { name: 'Loja Demo', phone: '1133334444', address: 'Rua A, 1' };

  it('fills the known variables and leaves unknown ones as typed', () => {
    const text = 'Obrigado, {{nome_cliente}}! {{nome_loja}} — {{ telefone_loja }}, {{endereco_loja}}. Protocolo {{protocolo}}. {{nome}}';
    expect(fillMessageVariables(text, { customerName: 'Maria', protocol: '2026001', store })).toBe(
      'Obrigado, Maria! Loja Demo — (11) 3333-4444, Rua A, 1. Protocolo 2026001. {{nome}}',
    );
  });

  it('fills a missing customer name with nothing rather than a placeholder', () => {
    expect(fillMessageVariables('Oi {{nome_cliente}}', { store: { name: '', phone: '', address: '' } })).toBe('Oi ');
  });
});
