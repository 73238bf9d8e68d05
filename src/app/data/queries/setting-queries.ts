import { map, type Observable } from 'rxjs';
import type { PedbotDatabase, SettingDoc } from '../schema';

/** A setting's value for the connection, the tenant-wide one (no instance_id) as fallback, or null. */
export function settingValue$(db: PedbotDatabase, key: string, instanceId: string | null): Observable<string | null> {
  return db.settings.find({ selector: { key } }).$.pipe(
    map((docs) => {
      const rows = docs.map((d) => d.toJSON() as SettingDoc);
      const own = rows.find((r) => instanceId !== null && r.instance_id === instanceId);
      return (own ?? rows.find((r) => !r.instance_id))?.value ?? null;
    }),
  );
}
