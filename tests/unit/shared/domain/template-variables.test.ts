import { describe, expect, it } from 'vitest';
import { bodyParameters, templateBodyVariables } from '../../../../src/shared/domain/template-variables';

describe('template body variables', () => {
  it('lists positional variables once, in their number order', () => {
    const components = [{ type: 'HEADER', text: 'Oi {{9}}' }, { type: 'BODY', text: 'Pedido {{2}} de {{1}}, {{1}}!' }];
    expect(templateBodyVariables(components)).toEqual(['1', '2']);
    expect(bodyParameters(['1', '2'], { '1': 'Clara', '2': '#7' })).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: 'Clara' }, { type: 'text', text: '#7' }] },
    ]);
  });

  it('keeps named variables in text order and sends their names', () => {
    expect(templateBodyVariables([{ type: 'body', text: 'Olá {{nome}}, código {{codigo}}' }])).toEqual(['nome', 'codigo']);
    expect(bodyParameters(['nome'], { nome: 'Ana' })).toEqual([{ type: 'body', parameters: [{ type: 'text', text: 'Ana', parameter_name: 'nome' }] }]);
  });

  it('finds nothing in a template without a body text, and sends no component for it', () => {
    expect(templateBodyVariables(null)).toEqual([]);
    expect(templateBodyVariables([{ type: 'BODY' }])).toEqual([]);
    expect(bodyParameters([], {})).toEqual([]);
  });
});
