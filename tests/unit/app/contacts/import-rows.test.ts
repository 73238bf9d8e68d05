import { describe, expect, it } from 'vitest';
import { guessMapping, prepareImport } from '../../../../src/app/features/contacts/import/import-rows';

describe('guessMapping', () => {
  it('maps columns by their header names, each column once', () => {
    expect(guessMapping(['Nome completo', 'Celular', 'CPF', 'Endereço', 'Grupo', 'Observações'])).toEqual({
      name: 0,
      phone_number: 1,
      document_register: 2,
      address: 3,
      group: 4,
      open_field: 5,
    });
    expect(guessMapping(['coluna a', 'whatsapp'])).toMatchObject({ name: null, phone_number: 1 });
  });
});

describe('prepareImport', () => {
  it('keeps the rows to send, refuses bad and repeated ones with the line and why, and skips blank lines', () => {
    const table = [
      ['nome', 'telefone'],
      ['Maria', '(11) 98765-4321'],
      ['', ''],
      ['Sem telefone', ''],
      ['Maria de novo', '11 8765-4321'],
      ['João', '21 3456-7890'],
    ];
    const prepared = prepareImport(table, { name: 0, phone_number: 1, document_register: null, address: null, group: null, open_field: null });
    expect(prepared.header).toEqual(['nome', 'telefone']);
    expect(prepared.rows).toEqual([
      { line: 2, name: 'Maria', phone_number: '5511987654321' },
      { line: 6, name: 'João', phone_number: '552134567890' },
    ]);
    expect(prepared.refused).toEqual([
      { line: 4, reason: 'Telefone não informado', cells: ['Sem telefone', ''] },
      { line: 5, reason: 'Telefone repetido no arquivo (mesmo da linha 2)', cells: ['Maria de novo', '11 8765-4321'] },
    ]);
    expect(prepared.cells.get(6)).toEqual(['João', '21 3456-7890']);
  });
});
