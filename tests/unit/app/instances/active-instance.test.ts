import { describe, expect, it } from 'vitest';
import { activeInstanceFor } from '../../../../src/app/features/instances/state/active-instance';
import type { ActiveInstance } from '../../../../src/app/features/instances/state/active-instance';

const choice: ActiveInstance = { tenant: 'demo', userId: '2', instanceId: '1', name: 'WhatsApp Loja Demo', phoneNumber: '5511900000000' };

describe('the remembered connection', () => {
  it('belongs to the tenant and user who chose it', () => {
    const state = { current: choice };
    expect(activeInstanceFor(state, 'demo', '2')).toBe(choice);
    // Another user of the same browser, or another tenant, starts without a choice.
    expect(activeInstanceFor(state, 'demo', '3')).toBeNull();
    expect(activeInstanceFor(state, 'outra-loja', '2')).toBeNull();
    expect(activeInstanceFor(state, 'demo', undefined)).toBeNull();
    expect(activeInstanceFor({ current: null }, 'demo', '2')).toBeNull();
  });
});
