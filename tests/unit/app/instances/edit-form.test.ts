import { describe, expect, it } from 'vitest';
import {
  formValuesFrom,
  isDirty,
  parseDialogParams,
  updateVariables,
  validateEditForm,
} from '../../../../src/app/features/instances/model/edit-form';
import type { InstanceView } from '../../../../src/app/features/instances/model/instance';

const instance = (extra: Partial<InstanceView> = {}): InstanceView => ({
  id: '7',
  name: 'Loja Centro',
  channel: 'cloud-api',
  hub_host: null,
  activated: true,
  reset_finished: true,
  phone_number: '5511987654321',
  qr_code: null,
  waba_id: '102290129340398',
  is_official: true,
  official_token: '••••••••1a2B',
  messaging_send: 0,
  messaging_limit: 'UNLIMITED',
  official_phone_id: '106540352242922',
  broker: null,
  dialog_params: { saudacao: 'Olá' },
  webhook_path: '/webhooks/whatsapp/demo/7',
  simulator_path: null,
  ...extra,
});

describe('connection edit form', () => {
  it('never puts the saved token in the form and shows the limit as its label', () => {
    const values = formValuesFrom(instance({ messaging_limit: '10000' }));
    expect(values.official_token).toBe('');
    expect(values.messaging_limit).toBe('10 mil');
    expect(formValuesFrom(instance()).messaging_limit).toBe('Ilimitado');
    expect(JSON.parse(values.dialog_params)).toEqual({ saudacao: 'Olá' });
  });

  it('sends only the id when nothing changed, so the token is kept', () => {
    const saved = instance();
    const values = formValuesFrom(saved);
    expect(updateVariables(saved, values)).toEqual({ id: '7' });
    expect(isDirty(saved, values)).toBe(false);
  });

  it('sends a typed token, the changed fields and the limit in the server form', () => {
    const saved = instance();
    const vars = updateVariables(saved, {
      ...formValuesFrom(saved),
      name: '  Loja Norte ',
      official_token: 'EAAG-new-token',
      messaging_limit: '1,5 mil',
      phone_number: '+55 (11) 98765-0000',
      dialog_params: '{"saudacao":"Oi"}',
      messaging_send: '20',
    });
    expect(vars).toEqual({
      id: '7',
      name: 'Loja Norte',
      official_token: 'EAAG-new-token',
      messaging_limit: '1500',
      phone_number: '5511987650000',
      dialog_params: { saudacao: 'Oi' },
      messaging_send: 20,
    });
  });

  it("turns 'Ilimitado' into UNLIMITED", () => {
    const saved = instance({ messaging_limit: '1000' });
    expect(updateVariables(saved, { ...formValuesFrom(saved), messaging_limit: 'Ilimitado' }).messaging_limit).toBe('UNLIMITED');
  });

  it('explains each invalid field in pt-BR', () => {
    const errors = validateEditForm({
      ...formValuesFrom(instance()),
      name: ' ',
      phone_number: '1234',
      waba_id: 'abc',
      messaging_send: '-1',
      messaging_limit: 'muitos',
      dialog_params: '[1, 2]',
    });
    expect(errors).toEqual({
      name: 'Informe o nome da conexão.',
      phone_number: 'Informe o número com DDD (10 a 15 dígitos).',
      waba_id: 'Use apenas os dígitos do identificador informado pela Meta.',
      messaging_send: 'Informe um número inteiro de 0 ou mais.',
      messaging_limit: 'Informe um limite de mensagens válido (ex.: 1000, 10 mil ou Ilimitado).',
      dialog_params: 'Os parâmetros devem ser um objeto JSON, entre { }.',
    });
    expect(validateEditForm(formValuesFrom(instance()))).toEqual({});
  });

  it('says where dialog_params stops being JSON', () => {
    const result = parseDialogParams('{"a": }');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^JSON inválido: /);
    expect(parseDialogParams('')).toEqual({ ok: true, value: {} });
  });
});
