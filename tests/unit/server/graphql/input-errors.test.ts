import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, type TestServer } from '../../../helpers/server';

describe('input errors (SPEC §8)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(() => server?.close());

  it('refuses forbidden characters in any string input with HTTP 400 and code ATTACK', async () => {
    for (const email of ['a|b@demo.local', '<script>@demo.local', 'javascript:alert(1)']) {
      const result = await server.gql('demo', 'mutation ($e: String!) { forgot(email: $e) }', { e: email });
      expect(result.status).toBe(400);
      expect(result.errors?.[0]).toMatchObject({ message: 'Possível tentativa de Ataque', extensions: { code: 'ATTACK', field: 'email' } });
    }
    const inline = await server.gql('demo', 'mutation { verifyPermission(route: "users-list>") }');
    expect(inline.status).toBe(400);
    expect(server.mails).toHaveLength(0);
  });

  it('lets passwords hold those characters', async () => {
    const result = await server.gql('demo', 'mutation { logIn(email: "ana@demo.local", password: "a<b|c>") { token } }');
    expect(result.status).toBe(200);
    expect(result.errors?.[0]?.message).toBe('Senha ou E-mail incorreto.');
  });

  it('answers a validation error with the first field and its pt-BR message', async () => {
    const result = await server.gql('demo', 'mutation { forgot(email: "sem-arroba") }');
    expect(result.errors?.[0]).toEqual(
      expect.objectContaining({
        message: 'Erro nos dados informados.',
        extensions: { code: 'VALIDATION', field: 'email', detail: 'Informe um e-mail válido.' },
      }),
    );
    const empty = await server.gql('demo', 'mutation { logIn(email: " ", password: "x") { token } }');
    expect(empty.errors?.[0]?.extensions).toEqual({ code: 'VALIDATION', field: 'email', detail: 'Informe o e-mail.' });
  });

  it('masks unexpected failures as "Algo está errado." without internals', async () => {
    const { token } = await server.signIn('demo', 'admin@demo.local');
    const result = await server.gql('demo', 'mutation { unblockUser(user_id: "99999999999999999999") }', {}, token);
    expect(result.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    await server.database.asOwner((db) => db.schema.alterTable('features').renameTo('features_gone').execute());
    try {
      const broken = await server.gql('demo', '{ getFeature { name } }', {}, token);
      expect(broken.errors?.[0]).toEqual({ message: 'Algo está errado.', extensions: { code: 'INTERNAL' } });
      expect(JSON.stringify(broken.errors)).not.toMatch(/features|relation|stack/);
    } finally {
      await server.database.asOwner((db) => db.schema.alterTable('features_gone').renameTo('features').execute());
    }
  });
});
