import { describe, expect, it } from 'vitest';
import { templateComponents } from '../../../../src/shared/domain/campaigns/campaign-audience';
import { templateBodyVariables, templateSendComponents, templateVariableKeys } from '../../../../src/shared/domain/template-variables';
import { fixtureJson } from '../../../helpers/cloud-api-fixtures';

const typed = (values: Record<string, string>) => templateSendComponents(Object.entries(values).map(([key, value]) => ({ key, value })), (v) => v.value);

describe('template body variables', () => {
  it('lists positional variables once, in their number order', () => {
    const components = [{ type: 'HEADER', text: 'Oi {{9}}' }, { type: 'BODY', text: 'Pedido {{2}} de {{1}}, {{1}}!' }];
    expect(templateBodyVariables(components)).toEqual(['1', '2']);
    expect(typed({ '2': '#7', '1': 'Clara' })).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: 'Clara' }, { type: 'text', text: '#7' }] },
    ]);
  });

  it('keeps named variables in text order and sends their names', () => {
    expect(templateBodyVariables([{ type: 'body', text: 'Olá {{nome}}, código {{codigo}}' }])).toEqual(['nome', 'codigo']);
    expect(typed({ nome: 'Ana' })).toEqual([{ type: 'body', parameters: [{ type: 'text', text: 'Ana', parameter_name: 'nome' }] }]);
  });

  it('finds nothing in a template without a body text, and sends no component for it', () => {
    expect(templateBodyVariables(null)).toEqual([]);
    expect(templateBodyVariables([{ type: 'BODY' }])).toEqual([]);
    expect(typed({})).toEqual([]);
  });
});

describe('a campaign template’s variables (header, body and link buttons)', () => {
  const listed = fixtureJson<{ data: Array<{ name: string; components: unknown[] }> }>('templates-list-response.json').data;
  const confirmation = listed.find((t) => t.name === 'confirmacao_pedido')!.components;

  it('lists the text header’s, the body’s and each link button’s variables, in Meta’s component order', () => {
    expect(templateVariableKeys(confirmation)).toEqual(['header.1', '1', '2', '3', 'button.0']);
    expect(templateVariableKeys(listed.find((t) => t.name === 'pesquisa_satisfacao')!.components)).toEqual(['nome_cliente', 'protocolo']);
    // A media header and a quick-reply button take nothing from the campaign.
    expect(templateVariableKeys([{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Oi' }, { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Sair' }] }])).toEqual([]);
  });

  it('fills them from the contact as the send’s components (send-template-request.json without the optional quick reply)', () => {
    const variables = [
      { key: 'button.0', field: 'open_field' },
      { key: '3', value: '2 dias úteis' },
      { key: '1', field: 'name' },
      { key: 'header.1', field: 'open_field' },
      { key: '2', field: 'open_field' },
    ];
    const request = fixtureJson<{ template: { components: Array<Record<string, unknown>> } }>('send-template-request.json');
    expect(templateComponents(variables, { name: 'Cliente Teste', open_field: 'PED-0001' })).toEqual(request.template.components.filter((c) => c.sub_type !== 'quick_reply'));
    expect(templateComponents([{ key: 'nome_cliente', field: 'first_name' }], { name: 'Ana Reis' })).toEqual([
      { type: 'body', parameters: [{ type: 'text', parameter_name: 'nome_cliente', text: 'Ana' }] },
    ]);
    expect(templateComponents([], { name: 'Ana' })).toEqual([]);
  });
});
