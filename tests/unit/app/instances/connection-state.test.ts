import { describe, expect, it } from 'vitest';
import {
  channelLabel,
  connectionState,
  connectionStateLabel,
} from '../../../../src/app/features/instances/model/connection-state';
import { pairsByQr } from '../../../../src/app/features/instances/model/instance';

describe('connection state badge', () => {
  it('reads Conectado / Desconectado from activated', () => {
    expect(connectionStateLabel(connectionState(true, false))).toBe('Conectado');
    expect(connectionStateLabel(connectionState(false, false))).toBe('Desconectado');
  });

  it('shows Em manutenção for every connection while the platform is in maintenance', () => {
    expect(connectionStateLabel(connectionState(true, true))).toBe('Em manutenção');
    expect(connectionStateLabel(connectionState(false, true))).toBe('Em manutenção');
  });

  it('names the channel kinds in pt-BR and shows an unknown kind as it came', () => {
    expect(channelLabel({ channel: 'sandbox' })).toBe('Sandbox');
    expect(channelLabel({ channel: 'cloud-api' })).toBe('API oficial');
    expect(channelLabel({ channel: 'web-broker' })).toBe('web-broker');
  });

  it('shows the QR step only for kinds that pair by QR or when the server has a code', () => {
    expect(pairsByQr({ channel: 'sandbox', qr_code: null })).toBe(false);
    expect(pairsByQr({ channel: 'cloud-api', qr_code: null })).toBe(false);
    expect(pairsByQr({ channel: 'web-broker', qr_code: null })).toBe(true);
    expect(pairsByQr({ channel: 'sandbox', qr_code: 'data:image/png;base64,AAAA' })).toBe(true);
  });
});
