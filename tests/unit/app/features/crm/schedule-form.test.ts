import { describe, expect, it } from 'vitest';
import {
  scheduleFormSchema,
  templateComponentsOf,
  templateVariablesFor,
  templateVariablesOf,
  type ScheduleFormValues,
} from '../../../../../src/app/features/crm/schedules/schedule-form';
import { fixtureJson } from '../../../../helpers/cloud-api-fixtures';

const listed = fixtureJson<{ data: Array<{ name: string; components: unknown[] }> }>('templates-list-response.json').data;
const confirmation = listed.find((t) => t.name === 'confirmacao_pedido')!.components;
const request = fixtureJson<{ template: { components: Array<Record<string, unknown>> } }>('send-template-request.json');

/** Issue 15 §3: a scheduled template fills its header's, body's and link buttons' variables, as a campaign does. */
describe('the schedule form’s template variables', () => {
  it('asks for the header’s, the body’s and the link button’s variables, in Meta’s order', () => {
    expect(templateVariablesFor(confirmation, []).map((v) => v.key)).toEqual(['header.1', '1', '2', '3', 'button.0']);
  });

  it('sends what was typed as the full components and reads it all back when editing', () => {
    const typed = templateVariablesFor(confirmation, []).map((v) => ({
      ...v,
      value: { 'header.1': 'PED-0001', '1': 'Cliente Teste', '2': 'PED-0001', '3': ' 2 dias úteis ', 'button.0': 'PED-0001' }[v.key]!,
    }));
    const components = templateComponentsOf(typed);
    // send-template-request.json without the optional quick reply, which has no variable.
    expect(components).toEqual(request.template.components.filter((c) => c.sub_type !== 'quick_reply'));
    expect(templateVariablesOf(components)).toEqual(typed.map((v) => ({ ...v, value: v.value.trim() })));
    expect(templateVariablesOf([{ type: 'body', parameters: [{ type: 'text', parameter_name: 'nome_cliente', text: 'Ana' }] }])).toEqual([{ key: 'nome_cliente', value: 'Ana' }]);
  });

  it('gives a schedule saved with only its body filled the header and button fields back, empty, keeping the body', () => {
    const bodyOnly = templateVariablesOf(request.template.components.filter((c) => c.type === 'body'));
    expect(templateVariablesFor(confirmation, bodyOnly)).toEqual([
      { key: 'header.1', value: '' },
      { key: '1', value: 'Cliente Teste' },
      { key: '2', value: 'PED-0001' },
      { key: '3', value: '2 dias úteis' },
      { key: 'button.0', value: '' },
    ]);
  });

  it('requires each variable, naming the empty one by its place in the list', () => {
    const values: ScheduleFormValues = {
      instance_id: '1',
      customer_id: '2',
      kind: 'template',
      message: '',
      template: 'confirmacao_pedido|pt_BR',
      variables: [
        { key: 'header.1', value: 'PED-0001' },
        { key: 'button.0', value: ' ' },
      ],
      has_file: false,
      send_at: '2999-01-01T10:00',
      cancel_on_reply: false,
    };
    const result = scheduleFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[['variables', 1, 'value'], 'Preencha a variável.']]);
  });
});
