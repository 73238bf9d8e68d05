import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AccountInfo } from '../../../../src/app/features/account/api/account-operations';
import { ProfileSummary } from '../../../../src/app/features/account/profile/profile-summary';

const account = (extra: Partial<AccountInfo> = {}): AccountInfo => ({
  id: '3',
  name: 'Bruno Lima',
  email: 'bruno@demo.local',
  username: 'bruno',
  image: null,
  twofactor_activity: false,
  role: { id: '2', display_name: 'Atendente' },
  userDepartment: { id: '2', name: 'Suporte', activated: true },
  userInstances: [{ id: '9', instance_id: '1', name: 'WhatsApp Loja Demo' }],
  ...extra,
});

const render = (info: AccountInfo) =>
  renderToStaticMarkup(
    <MantineProvider>
      <ProfileSummary account={info} />
    </MantineProvider>,
  ).replace(/<style[\s\S]*?<\/style>/g, '');

describe('profile summary', () => {
  it('shows name, e-mail, role display name, department and connections', () => {
    const html = render(account());
    for (const text of ['Bruno Lima', 'bruno@demo.local', 'Atendente', 'Suporte', 'WhatsApp Loja Demo', 'BL']) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/<section[^>]*aria-labelledby="account-profile-title"/);
  });

  it('says when there is no department or connection, and marks an inactive department', () => {
    const none = render(account({ userDepartment: null, userInstances: [] }));
    expect(none).toContain('Sem departamento');
    expect(none).toContain('Nenhuma conexão liberada');
    expect(render(account({ userDepartment: { id: '2', name: 'Suporte', activated: false } }))).toContain('Suporte (inativo)');
  });
});
