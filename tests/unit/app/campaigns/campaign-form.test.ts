import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../../src/shared/domain/datetime';
import { campaignFormSchema, campaignInputOf, emptyCampaignForm } from '../../../../src/app/features/campaigns/model/campaign-form';

const messages = (values: unknown) => {
  const parsed = campaignFormSchema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the campaign form', () => {
  it('asks for an audience, and a message on a sandbox connection', () => {
    expect(messages({ ...emptyCampaignForm('1'), name: 'Black Friday' })).toEqual([
      'group_ids: Escolha quem vai receber: grupos, categorias, contatos ou um arquivo CSV.',
      'message: Escreva a mensagem ou escolha um modelo de mensagem.',
    ]);
    expect(messages({ ...emptyCampaignForm('1'), name: 'Black Friday', csv: '5511999990000', message_template_id: '4' })).toEqual([]);
  });

  it('asks for an approved template on an official connection, each variable with a source, and a future time', () => {
    const values = {
      ...emptyCampaignForm('2'),
      name: 'Aviso',
      is_official: true,
      group_ids: ['3'],
      variables: [{ key: '1', field: 'first_name', value: '' }, { key: '2', field: '', value: ' ' }],
      when: 'later' as const,
      send_at: formatTimestamp(Date.now() - 60_000).replace(' ', 'T'),
    };
    expect(messages(values)).toEqual([
      'template: Em uma conexão oficial, escolha um modelo aprovado pela Meta.',
      'variables.1.value: Escolha um campo do contato ou escreva um texto fixo.',
      'send_at: Escolha uma data e hora no futuro.',
    ]);
  });

  it('sends a template and its variables on an official connection, the text on a sandbox, and the time in São Paulo', () => {
    const official = campaignInputOf({
      ...emptyCampaignForm('2'),
      name: ' Aviso ',
      is_official: true,
      group_ids: ['3'],
      message: 'ignored',
      template: 'pedido_enviado|pt_BR',
      variables: [{ key: '1', field: 'first_name', value: '' }],
      when: 'later',
      send_at: '2030-01-02T10:30',
    });
    expect(official).toEqual({
      name: 'Aviso',
      instance_id: '2',
      audience: { group_ids: ['3'], category_ids: [], customer_ids: [], csv: null },
      template_name: 'pedido_enviado',
      template_language: 'pt_BR',
      template_variables: [{ key: '1', field: 'first_name', value: null }],
      send_at: '2030-01-02 10:30:00',
    });
    const sandbox = campaignInputOf({ ...emptyCampaignForm('1'), name: 'Oi', csv: '5511999990000\n', message: ' Olá {{nome}} ' });
    expect(sandbox).toMatchObject({ message: 'Olá {{nome}}', message_template_id: null, send_at: null, audience: { csv: '5511999990000' } });
  });
});
