import { Observable, share } from 'rxjs';
import { subscribeOnTabSocket, watchTabSocket } from './tab-socket';

/** One admin change of the tenant (DESIGN §5a): what kind of thing changed, and which one. */
export interface TenantChange {
  kind: string;
  id: string | null;
}

const TENANT_CHANGES = `subscription TenantChanges { tenantChanges { kind id } }`;

/** Sent after the socket reconnects: changes made while it was down were not heard. */
export const MISSED_CHANGES: TenantChange = { kind: '*', id: null };

/**
 * The tenant's admin changes, as the server's `tenantChanges` subscription delivers them on the
 * tab's socket, plus MISSED_CHANGES after every reconnect. One subscription however many listen.
 */
export const tenantChanges$: Observable<TenantChange> = new Observable<TenantChange>((subscriber) => {
  const stopStream = subscribeOnTabSocket<{ tenantChanges: TenantChange }>(TENANT_CHANGES, {}, {
    next: (data) => subscriber.next({ kind: data.tenantChanges.kind, id: data.tenantChanges.id ?? null }),
    // A server without the subscription (or a refusal) leaves the screens to their own reads.
    error: () => undefined,
    complete: () => undefined,
  });
  const stopWatch = watchTabSocket({ reconnected: () => subscriber.next(MISSED_CHANGES) });
  return () => {
    stopStream();
    stopWatch();
  };
}).pipe(share());
