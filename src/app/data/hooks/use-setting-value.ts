import { settingValue$ } from '../queries/setting-queries';
import { useDatabase } from './use-database';
import { useObservable } from './use-observable';

/** A setting of the connection (tenant-wide as fallback), live; null when unset. */
export function useSettingValue(key: string, instanceId: string | null): string | null {
  const db = useDatabase();
  return useObservable<string | null>(() => (db ? settingValue$(db, key, instanceId) : null), null, [db, key, instanceId]);
}
