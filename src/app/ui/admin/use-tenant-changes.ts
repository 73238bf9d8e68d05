import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MISSED_CHANGES, tenantChanges$ } from '../../data/live/tenant-changes';

/**
 * Keeps every admin screen current (DESIGN §5a): a `tenantChanges { kind id }` event heard on the
 * tab's socket invalidates the queries whose key starts with that kind (query-keys.ts), so open
 * lists read again; after a reconnect every query is, as changes may have been missed. Mounted
 * once, by AdminProviders.
 */
export function useTenantChanges(): void {
  const client = useQueryClient();
  useEffect(() => {
    const subscription = tenantChanges$.subscribe((change) => {
      if (change.kind === MISSED_CHANGES.kind) void client.invalidateQueries();
      else void client.invalidateQueries({ queryKey: [change.kind] });
    });
    return () => subscription.unsubscribe();
  }, [client]);
}
