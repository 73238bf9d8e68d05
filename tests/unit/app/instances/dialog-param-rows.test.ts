import { describe, expect, it } from 'vitest';
import { duplicateRows, jsonFromRows, rowsFromJson } from '../../../../src/app/features/instances/model/dialog-param-rows';

describe('dialog parameters as name/value rows (Editar conexão)', () => {
  it('shows the saved object as rows, non-text values as their JSON', () => {
    expect(rowsFromJson('{"saudacao":"Olá!","tentativas":3}')).toEqual([
      { key: 'saudacao', value: 'Olá!' },
      { key: 'tentativas', value: '3' },
    ]);
    expect(rowsFromJson('')).toEqual([]);
  });

  it('saves rows as an object, skipping nameless rows and keeping untouched non-text values', () => {
    const original = '{"tentativas":3}';
    const json = jsonFromRows(
      [
        { key: ' saudacao ', value: 'Oi' },
        { key: '', value: 'perdido' },
        { key: 'tentativas', value: '3' },
      ],
      original,
    );
    expect(JSON.parse(json)).toEqual({ saudacao: 'Oi', tentativas: 3 });
    expect(JSON.parse(jsonFromRows([{ key: 'tentativas', value: '4' }], original))).toEqual({ tentativas: '4' });
  });

  it('marks a name used twice', () => {
    expect([...duplicateRows([{ key: 'a', value: '' }, { key: 'b', value: '' }, { key: ' a', value: '' }])]).toEqual([2]);
  });
});
