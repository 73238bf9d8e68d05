import { describe, expect, it } from 'vitest';
import { classifyFailure, errorNotice } from '../../../../src/app/api/request-error';

describe('classifyFailure maps responses onto the error catalogue (SPEC §8)', () => {
  it('treats a 200 without errors as success', () => {
    expect(classifyFailure(200, undefined)).toBeNull();
    expect(classifyFailure(200, [])).toBeNull();
  });

  it('tells the two 401s apart', () => {
    expect(classifyFailure(401, [{ message: 'Token has expired', extensions: { code: 'TOKEN_EXPIRED' } }])?.kind).toBe('expired');
    expect(classifyFailure(401, [{ message: 'Token has expired' }])?.kind).toBe('expired');
    expect(classifyFailure(401, [{ message: 'Unauthorized', extensions: { code: 'UNAUTHORIZED' } }])?.kind).toBe('unauthorized');
    expect(classifyFailure(200, [{ message: 'Unauthorized' }])?.kind).toBe('unauthorized');
    expect(classifyFailure(401, undefined)?.kind).toBe('unauthorized');
  });

  it('recognises an unknown tenant, an attack and validation', () => {
    expect(classifyFailure(404, [{ message: 'Loja não encontrada.', extensions: { code: 'TENANT_INVALID' } }])?.kind).toBe(
      'tenant-invalid',
    );
    expect(classifyFailure(400, [{ message: 'Possível tentativa de Ataque', extensions: { code: 'ATTACK' } }])?.kind).toBe(
      'attack',
    );
    const validation = classifyFailure(200, [
      { message: 'Erro nos dados informados.', extensions: { code: 'VALIDATION', field: 'email', detail: 'Informe o e-mail.' } },
    ]);
    expect(validation).toMatchObject({ kind: 'validation', detail: 'Informe o e-mail.' });
  });
});

describe('errorNotice gives the notification texts', () => {
  const notice = (message: string, extensions?: Record<string, unknown>, status = 200) =>
    errorNotice(classifyFailure(status, [{ message, extensions }])!);

  it('shows validation with the first field message', () => {
    expect(notice('Erro nos dados informados.', { code: 'VALIDATION', detail: 'Informe o e-mail.' })).toEqual({
      title: 'Erro nos dados informados.',
      message: 'Informe o e-mail.',
    });
  });

  it('shows an attack with the server message', () => {
    expect(notice('Possível tentativa de Ataque', { code: 'ATTACK', detail: 'Sem | < >.' }, 400)).toEqual({
      title: 'Possível tentativa de Ataque',
      message: 'Sem | < >.',
    });
  });

  it('shows anything else as "Algo está errado." with the message, unless the server titled it', () => {
    expect(notice('Usuário não encontrado.', { code: 'NOT_FOUND' })).toEqual({
      title: 'Algo está errado.',
      message: 'Usuário não encontrado.',
    });
    expect(notice('Token Incorreto!', { code: 'INTEGRATION_TOKEN_INVALID', detail: 'Acesse com um token válido.' })).toEqual({
      title: 'Token Incorreto!',
      message: 'Acesse com um token válido.',
    });
  });
});
