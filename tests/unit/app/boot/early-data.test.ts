import { afterEach, describe, expect, it } from 'vitest';
import { signedInTenantAt } from '../../../../src/app/boot/early-data';
import { sessionState, type Session } from '../../../../src/app/state/session';
import { signedInAdmin } from '../support/signed-in-user';

const session = (tenant: string): Session => ({
  tenant,
  token: 't',
  refreshToken: 'r',
  expiresAt: Date.now() + 60_000,
  remember: false,
  user: signedInAdmin({ id: '7' }),
});

describe('signedInTenantAt (the early open of the local database)', () => {
  afterEach(() => {
    sessionState.current = null;
  });

  it('names the tenant of a signed-in page when its user is signed in', () => {
    sessionState.current = session('acme');
    expect(signedInTenantAt('/acme/chat/attendance')).toBe('acme');
    expect(signedInTenantAt('/acme')).toBe('acme');
    expect(signedInTenantAt('/acme/crm/reasons/12/edit')).toBe('acme');
  });

  it('is null for public pages, other tenants and without a session', () => {
    sessionState.current = session('acme');
    expect(signedInTenantAt('/acme/login')).toBeNull();
    expect(signedInTenantAt('/acme/forgot/abc123')).toBeNull();
    expect(signedInTenantAt('/acme/pages/tenant-invalid')).toBeNull();
    expect(signedInTenantAt('/other/chat/attendance')).toBeNull();
    expect(signedInTenantAt('/')).toBeNull();
    expect(signedInTenantAt('/%E0%A4%A/chat/attendance')).toBeNull();
    sessionState.current = null;
    expect(signedInTenantAt('/acme/chat/attendance')).toBeNull();
  });
});
