import { describe, expect, it } from 'vitest';
import { ImportDeduper, checkImportRow } from '../../../../src/shared/domain/contact-import';

describe('checkImportRow', () => {
  it('normalises the phone and trims the fields it keeps', () => {
    expect(checkImportRow(2, { name: ' Maria ', phone_number: '(11) 98765-4321', address: '' })).toEqual({
      ok: true,
      row: { line: 2, name: 'Maria', phone_number: '5511987654321' },
    });
  });

  it('says why a row is refused', () => {
    expect(checkImportRow(3, { name: 'Sem' })).toEqual({ ok: false, line: 3, reason: 'Telefone não informado' });
    expect(checkImportRow(4, { phone_number: '12345' })).toEqual({ ok: false, line: 4, reason: 'Telefone inválido' });
    expect(checkImportRow(5, { phone_number: '11987654321', name: 'a<b' })).toMatchObject({ ok: false, reason: 'Caracteres não permitidos (|, < ou >)' });
    expect(checkImportRow(6, { phone_number: '11987654321', name: 'x'.repeat(121) })).toMatchObject({ ok: false, reason: 'Campo nome longo demais' });
  });

  it('puts 55 in front of any number without it (SPEC §5), as inbound does', () => {
    expect(checkImportRow(7, { phone_number: '+1 415 555 0100' })).toMatchObject({ ok: true, row: { phone_number: '5514155550100' } });
  });
});

describe('ImportDeduper', () => {
  it('finds a repeat written with or without the ninth digit', () => {
    const deduper = new ImportDeduper();
    expect(deduper.firstLineOf({ line: 2, phone_number: '5511987654321' })).toBeNull();
    expect(deduper.firstLineOf({ line: 3, phone_number: '551187654321' })).toBe(2);
    expect(deduper.firstLineOf({ line: 4, phone_number: '5521987654321' })).toBeNull();
  });
});
