import { map } from 'rxjs';
import { useDatabase } from '../../../data/hooks/use-database';
import { useObservable } from '../../../data/hooks/use-observable';
import type { TicketView } from '../model/types';

/**
 * Two small live reads the data module's hooks do not offer yet, kept here until they move there:
 * a setting of the connection (tenant-wide as fallback) and a customer's tickets.
 */
export function useSettingValue(key: string, instanceId: string | null): string | null {
  const db = useDatabase();
  return useObservable<string | null>(
    () =>
      db
        ? db.settings.find({ selector: { key } }).$.pipe(
            map((docs) => {
              const rows = docs.map((d) => d.toJSON() as { instance_id?: string; value?: string });
              const own = rows.find((r) => instanceId !== null && r.instance_id === instanceId);
              return (own ?? rows.find((r) => !r.instance_id))?.value ?? null;
            }),
          )
        : null,
    null,
    [db, key, instanceId],
  );
}

/** The customer's tickets held locally, newest first (the history panel adds older ones from the server). */
export function useCustomerTickets(customerId: string | null): TicketView[] {
  const db = useDatabase();
  return useObservable<TicketView[]>(
    () =>
      db && customerId
        ? db.chattickets
            .find({ selector: { customer_id: customerId } })
            .$.pipe(map((docs) => docs.map((d) => d.toJSON() as TicketView).sort((a, b) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')))))
        : null,
    [],
    [db, customerId],
  );
}
