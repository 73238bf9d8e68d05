import { proxy } from 'valtio';

/** What GET /api/settings/<key> answered; null when the check failed. */
export interface PlatformReadings {
  whatsappStatus: string | null;
  maintenanceStatus: string | null;
}

export interface PlatformAvailability {
  maintenance: boolean;
  offlinePlatform: boolean;
}

/**
 * SPEC §4: offline when whatsapp_status is not 'true'; maintenance when maintenance_status is
 * 'true' or its check failed, and maintenance is offline too.
 */
export function platformAvailability(readings: PlatformReadings): PlatformAvailability {
  const maintenance = readings.maintenanceStatus === null || readings.maintenanceStatus === 'true';
  return { maintenance, offlinePlatform: maintenance || readings.whatsappStatus !== 'true' };
}

export const platformState = proxy<PlatformReadings & PlatformAvailability & { checkedAt: number | null }>({
  whatsappStatus: null,
  maintenanceStatus: null,
  maintenance: false,
  offlinePlatform: false,
  checkedAt: null,
});

type Fetch = typeof fetch;

async function readSetting(key: string, token: string | null, fetchImpl: Fetch): Promise<string | null> {
  try {
    const response = await fetchImpl(`/api/settings/${key}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      cache: 'no-store',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { value?: unknown };
    return typeof body.value === 'string' ? body.value : null;
  } catch {
    return null;
  }
}

/**
 * Reads both settings and applies SPEC §4. A browser without network keeps the last readings:
 * the user being offline says nothing about the platform, and the local data stays usable.
 */
export async function checkPlatformStatus(token: string | null, fetchImpl: Fetch = fetch): Promise<void> {
  if (globalThis.navigator?.onLine === false) return;
  const [whatsappStatus, maintenanceStatus] = await Promise.all([
    readSetting('whatsapp_status', token, fetchImpl),
    readSetting('maintenance_status', token, fetchImpl),
  ]);
  Object.assign(platformState, {
    whatsappStatus,
    maintenanceStatus,
    ...platformAvailability({ whatsappStatus, maintenanceStatus }),
    checkedAt: Date.now(),
  });
}

/** SPEC §7 "global setting changed": one switch's new value, as the server pushed it. */
export function applyPlatformSetting(key: string, value: string): void {
  const readings: PlatformReadings = {
    whatsappStatus: key === 'whatsapp_status' ? value : platformState.whatsappStatus,
    maintenanceStatus: key === 'maintenance_status' ? value : platformState.maintenanceStatus,
  };
  Object.assign(platformState, { ...readings, ...platformAvailability(readings), checkedAt: Date.now() });
}

/**
 * Checks now and whenever the window regains focus or the network returns; changes in between
 * arrive pushed (applyPlatformSetting), so nothing polls. Returns the stop function.
 */
export function startPlatformChecks(token: () => string | null): () => void {
  const check = () => void checkPlatformStatus(token());
  check();
  window.addEventListener('focus', check);
  window.addEventListener('online', check);
  return () => {
    window.removeEventListener('focus', check);
    window.removeEventListener('online', check);
  };
}
