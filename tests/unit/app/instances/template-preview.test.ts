import { describe, expect, it } from 'vitest';
import { countByStatus, matchesStatus } from '../../../../src/app/features/templates/model/status-filter';
import { emptyDraft, newButton } from '../../../../src/app/features/templates/model/template-draft';
import { componentParts, draftParts } from '../../../../src/app/features/templates/model/template-parts';
import { fixtureJson } from '../../../helpers/cloud-api-fixtures';

const listed = fixtureJson<{ data: Array<{ name: string; status: string; components: unknown }> }>('templates-list-response.json');
const byName = (name: string) => listed.data.find((template) => template.name === name)!;

describe('template preview parts', () => {
  it('fills a listed POSITIONAL template with its examples', () => {
    expect(componentParts(byName('confirmacao_pedido').components)).toEqual({
      header: 'Pedido PED-0001',
      body: 'Olá Cliente Teste, seu pedido PED-0001 foi confirmado e será entregue em 2 dias úteis.',
      footer: 'Loja Teste',
      buttons: [
        { type: 'URL', text: 'Acompanhar pedido' },
        { type: 'QUICK_REPLY', text: 'Falar com atendente' },
      ],
    });
  });

  it('fills a listed NAMED template with its examples', () => {
    expect(componentParts(byName('pesquisa_satisfacao').components).body).toBe(
      'Olá Cliente Teste, como foi o seu atendimento no protocolo ATD-0001?',
    );
  });

  it('keeps a variable without example visible in the draft preview', () => {
    const parts = draftParts({
      ...emptyDraft(),
      header: 'Pedido {{1}}',
      body: 'Oi {{1}}, seu pedido {{2}} saiu.',
      examples: { 'header:1': 'PED-9', 'body:1': 'Maria' },
      buttons: [{ ...newButton('QUICK_REPLY'), text: ' Sim ' }],
    });
    expect(parts).toEqual({
      header: 'Pedido PED-9',
      body: 'Oi Maria, seu pedido {{2}} saiu.',
      footer: null,
      buttons: [{ type: 'QUICK_REPLY', text: 'Sim' }],
    });
  });
});

describe('status filter', () => {
  it('counts SUBMITTED as Pendente and filters by the pt-BR status', () => {
    const statuses = listed.data.map((template) => template.status).concat('SUBMITTED');
    expect(countByStatus(statuses)).toEqual({ ALL: 5, APPROVED: 1, PENDING: 2, REJECTED: 1, PAUSED: 1 });
    expect(matchesStatus('SUBMITTED', 'PENDING')).toBe(true);
    expect(matchesStatus('APPROVED', 'PENDING')).toBe(false);
    expect(matchesStatus('DISABLED', 'ALL')).toBe(true);
  });
});
