import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAllInstances, liveInstances, rememberInstance, rememberInstances } from '../../../../src/app/features/instances/state/live-instances';
import type { InstanceView } from '../../../../src/app/features/instances/model/instance';

const instance = (activated: boolean): InstanceView => ({
  id: '1',
  name: 'WhatsApp Loja Demo',
  channel: 'sandbox',
  hub_host: null,
  activated,
  reset_finished: true,
  phone_number: '5511900000000',
  qr_code: null,
  waba_id: null,
  is_official: false,
  official_token: null,
  messaging_send: 0,
  messaging_limit: null,
  official_phone_id: null,
  broker: null,
  dialog_params: null,
  webhook_path: null,
  simulator_path: null,
});

describe('the live copy of each connection', () => {
  afterEach(() => {
    forgetAllInstances();
    vi.restoreAllMocks();
  });

  it('keeps a drop the stream brought while a list read begun before it was on its way', () => {
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(100);
    rememberInstance(instance(true));
    const readAt = 200;
    now.mockReturnValue(250);
    rememberInstance(instance(false));
    now.mockReturnValue(300);
    rememberInstances([instance(true)], readAt);
    expect(liveInstances.byId['1']?.activated).toBe(false);
  });

  it('takes a list read begun after the last change', () => {
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValue(100);
    rememberInstance(instance(false));
    now.mockReturnValue(300);
    rememberInstances([instance(true)], 200);
    expect(liveInstances.byId['1']?.activated).toBe(true);
  });
});
