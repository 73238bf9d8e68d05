import { describe, expect, it } from 'vitest';
import { applyPlatformSetting, checkPlatformStatus, platformAvailability, platformState } from '../../../../src/app/state/platform';

describe('platformAvailability (SPEC §4)', () => {
  it('is online only with WhatsApp on and no maintenance', () => {
    expect(platformAvailability({ whatsappStatus: 'true', maintenanceStatus: 'false' })).toEqual({
      maintenance: false,
      offlinePlatform: false,
    });
  });

  it('is offline when WhatsApp is not "true"', () => {
    expect(platformAvailability({ whatsappStatus: 'false', maintenanceStatus: 'false' }).offlinePlatform).toBe(true);
    expect(platformAvailability({ whatsappStatus: null, maintenanceStatus: 'false' }).offlinePlatform).toBe(true);
  });

  it('sets maintenance and offline when maintenance is on or its check failed', () => {
    expect(platformAvailability({ whatsappStatus: 'true', maintenanceStatus: 'true' })).toEqual({
      maintenance: true,
      offlinePlatform: true,
    });
    expect(platformAvailability({ whatsappStatus: 'true', maintenanceStatus: null })).toEqual({
      maintenance: true,
      offlinePlatform: true,
    });
  });
});

describe('checkPlatformStatus', () => {
  it('reads both settings and applies the rule', async () => {
    const seen: string[] = [];
    const fetchImpl = (async (url: string) => {
      seen.push(url);
      return Response.json({ value: url.endsWith('whatsapp_status') ? 'true' : 'false' });
    }) as typeof fetch;
    await checkPlatformStatus('t', fetchImpl);
    expect(seen.sort()).toEqual(['/api/settings/maintenance_status', '/api/settings/whatsapp_status']);
    expect(platformState).toMatchObject({ whatsappStatus: 'true', maintenanceStatus: 'false', offlinePlatform: false });
  });

  it('counts a failed check as maintenance', async () => {
    const fetchImpl = (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await checkPlatformStatus(null, fetchImpl);
    expect(platformState).toMatchObject({ maintenance: true, offlinePlatform: true });
  });
});

describe('applyPlatformSetting (SPEC §7 "global setting changed")', () => {
  it('applies one pushed switch over the last readings', () => {
    Object.assign(platformState, { whatsappStatus: 'true', maintenanceStatus: 'false', maintenance: false, offlinePlatform: false });
    applyPlatformSetting('maintenance_status', 'true');
    expect(platformState).toMatchObject({ whatsappStatus: 'true', maintenanceStatus: 'true', maintenance: true, offlinePlatform: true });
    applyPlatformSetting('maintenance_status', 'false');
    applyPlatformSetting('whatsapp_status', 'false');
    expect(platformState).toMatchObject({ maintenance: false, offlinePlatform: true });
  });
});
