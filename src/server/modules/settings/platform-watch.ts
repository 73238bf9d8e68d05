import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { PLATFORM_SETTING_KEYS, readPlatformSetting, type PlatformSettingKey } from './platform-settings';

/**
 * SPEC §7 "global setting changed": platform admins switch whatsapp_status and maintenance_status
 * from another process (cli/platform-setting.ts), so each server reads the two rows every few
 * seconds while anyone listens, and tells its own subscribers of a change. One read per server
 * instead of one request per browser per minute.
 */
export const PLATFORM_WATCH_MS = 5_000;

export interface PlatformSettingChange {
  key: PlatformSettingKey;
  value: string;
}

type Listener = (change: PlatformSettingChange) => void;
type Defaults = Pick<Config, 'whatsappStatus' | 'maintenanceStatus'>;

class PlatformWatch {
  private readonly listeners = new Set<Listener>();
  private readonly last = new Map<PlatformSettingKey, string>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly database: Database,
    private readonly defaults: Defaults,
    private readonly intervalMs: number,
  ) {}

  async tick(): Promise<void> {
    const fallback: Record<PlatformSettingKey, string> = { whatsapp_status: this.defaults.whatsappStatus, maintenance_status: this.defaults.maintenanceStatus };
    for (const key of PLATFORM_SETTING_KEYS) {
      const value = (await readPlatformSetting(this.database, key)) ?? fallback[key];
      const before = this.last.get(key);
      this.last.set(key, value);
      if (before !== undefined && before !== value) for (const listener of this.listeners) listener({ key, value });
    }
  }

  add(listener: Listener): () => void {
    this.listeners.add(listener);
    if (!this.timer) {
      void this.tick().catch(() => undefined);
      this.timer = setInterval(() => void this.tick().catch(() => undefined), this.intervalMs);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0 || !this.timer) return;
      clearInterval(this.timer);
      this.timer = null;
      this.last.clear();
    };
  }
}

const watches = new WeakMap<Database, PlatformWatch>();

/** Calls `listener` on every later change of a platform setting; answers the stop function. */
export function watchPlatformSettings(database: Database, defaults: Defaults, listener: Listener, intervalMs = PLATFORM_WATCH_MS): () => void {
  let watch = watches.get(database);
  if (!watch) {
    watch = new PlatformWatch(database, defaults, intervalMs);
    watches.set(database, watch);
  }
  return watch.add(listener);
}
