import { describe, expect, it } from 'vitest';
import {
  draftComponents,
  emptyDraft,
  newButton,
  validateDraft,
} from '../../../../src/app/features/templates/model/template-draft';
import type { TemplateDraft } from '../../../../src/app/features/templates/model/template-draft';
import { nextVariable } from '../../../../src/app/features/templates/model/variables';
import { fixtureJson } from '../../../helpers/cloud-api-fixtures';


const draft = (extra: Partial<TemplateDraft>): TemplateDraft => ({ ...emptyDraft(), name: 'confirmacao_pedido', body: 'Olá, tudo bem?', ...extra });

describe('template draft checks', () => {
  it('accepts a plain template and names every broken rule in pt-BR', () => {
    expect(validateDraft(draft({}))).toEqual({});
    expect(validateDraft(draft({ name: 'Confirmação Pedido', body: ' ' }))).toEqual({
      name: 'O nome do modelo usa apenas letras minúsculas, números e _ (ex.: confirmacao_pedido).',
      body: 'Escreva o corpo da mensagem.',
    });
  });

  it('refuses variables Meta refuses: at the edges, adjacent, out of sequence, in the footer', () => {
    expect(validateDraft(draft({ body: '{{1}} chegou' })).body).toBe('O corpo não pode começar nem terminar com uma variável.');
    expect(validateDraft(draft({ body: 'Oi {{1}}{{2}} hoje' })).body).toBe('Separe as variáveis com texto: {{1}}{{2}} não é aceito pela Meta.');
    expect(validateDraft(draft({ body: 'Oi {{1}} e {{3}} hoje' })).body).toBe(
      'Numere as variáveis em sequência a partir de {{1}}, sem pular números.',
    );
    expect(validateDraft(draft({ body: 'Oi {{nome}} hoje' })).body).toBe('Com variáveis numeradas, use só números: {{1}}, {{2}}…');
    expect(validateDraft(draft({ footer: 'Loja {{1}}' })).footer).toBe('O rodapé não aceita variáveis.');
    expect(validateDraft(draft({ header: 'Pedido {{1}} de {{2}}' })).header).toBe('O cabeçalho aceita no máximo uma variável.');
  });

  it('asks for an example of each variable', () => {
    const errors = validateDraft(draft({ body: 'Oi {{1}}, pedido {{2}} saiu.', examples: { 'body:1': 'Maria' } }));
    expect(errors).toEqual({ 'examples.body:2': 'Informe um exemplo para cada variável.' });
  });

  it('checks buttons: text, https links with a final variable, phone, counts and grouping', () => {
    const errors = validateDraft(
      draft({
        buttons: [
          { ...newButton('URL'), text: 'Ver', url: 'http://loja.com' },
          { ...newButton('QUICK_REPLY'), text: 'Um texto longo demais para um botão' },
          { ...newButton('PHONE_NUMBER'), text: 'Ligar', phone_number: '1234' },
          { ...newButton('QUICK_REPLY'), text: 'Sim' },
        ],
      }),
    );
    expect(errors).toEqual({
      buttons: 'Agrupe os botões: primeiro as respostas rápidas, depois os links e telefones (ou o contrário).',
      'buttons.0.url': 'Informe um endereço que comece com https://.',
      'buttons.1.text': 'O texto do botão tem no máximo 25 caracteres.',
      'buttons.2.phone_number': 'Informe o telefone com DDI e DDD (ex.: 5511987654321).',
    });
    expect(
      validateDraft(draft({ buttons: [{ ...newButton('URL'), text: 'Ver', url: 'https://loja.com/{{1}}/x' }] }))['buttons.0.url'],
    ).toBe('O endereço aceita uma variável, só no final ({{1}}).');
  });

  it('builds the NAMED create request of the fixtures', () => {
    const expected = fixtureJson<{ components: unknown }>('template-create-request.json');
    const named = draft({
      name: 'pesquisa_satisfacao',
      category: 'UTILITY',
      parameterFormat: 'NAMED',
      body: 'Olá {{nome_cliente}}, como foi o seu atendimento no protocolo {{protocolo}}?',
      examples: { 'body:nome_cliente': 'Cliente Teste', 'body:protocolo': 'ATD-0001' },
      buttons: ['Ótimo', 'Regular', 'Ruim'].map((text) => ({ ...newButton('QUICK_REPLY'), text })),
    });
    expect(validateDraft(named)).toEqual({});
    expect(draftComponents(named)).toEqual(expected.components);
  });

  it('builds POSITIONAL examples in variable order, with a header and a URL button', () => {
    const positional = draft({
      header: 'Pedido {{1}}',
      body: 'Olá {{1}}, seu pedido {{2}} foi confirmado.',
      footer: 'Loja Teste',
      examples: { 'header:1': 'PED-0001', 'body:1': 'Cliente Teste', 'body:2': 'PED-0001' },
      buttons: [{ ...newButton('URL'), text: 'Acompanhar pedido', url: 'https://loja.example.com/pedidos/{{ 1 }}', example: 'PED-0001' }],
    });
    expect(validateDraft(positional)).toEqual({});
    expect(draftComponents(positional)).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}', example: { header_text: ['PED-0001'] } },
      { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} foi confirmado.', example: { body_text: [['Cliente Teste', 'PED-0001']] } },
      { type: 'FOOTER', text: 'Loja Teste' },
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'URL',
            text: 'Acompanhar pedido',
            url: 'https://loja.example.com/pedidos/{{1}}',
            example: ['https://loja.example.com/pedidos/PED-0001'],
          },
        ],
      },
    ]);
  });

  it('offers the next free variable', () => {
    expect(nextVariable(['Pedido {{1}}', 'Oi {{2}}'], 'POSITIONAL')).toBe('{{3}}');
    expect(nextVariable([''], 'NAMED')).toBe('{{variavel_1}}');
  });
});
