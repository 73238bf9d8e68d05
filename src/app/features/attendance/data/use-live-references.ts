import { useEffect } from 'react';
import { MISSED_CHANGES, tenantChanges$ } from '../../../data/live/tenant-changes';
import { refreshAttendanceReferences, refreshQuickAnswers, type RefreshTarget } from './reference-refresh';

/** Kinds of admin change that alter the reference sets the console keeps offline. */
const REFERENCE_KINDS = new Set(['crm_reasons', 'categories', 'departments', 'users']);

/**
 * SPEC §7 "message template updated" and the other admin edits of the console's reference sets:
 * a quick answer added in configs/quick-answers is offered by `/` in the composer without a reload.
 */
export function useLiveReferences(target: RefreshTarget | null): void {
  const tenant = target?.tenant;
  const instanceId = target?.instanceId;
  const official = target?.official ?? false;
  useEffect(() => {
    if (!tenant || !instanceId) return;
    const subscription = tenantChanges$.subscribe((change) => {
      if (change.kind === 'quick_answers') void refreshQuickAnswers(tenant);
      else if (change.kind === MISSED_CHANGES.kind || REFERENCE_KINDS.has(change.kind)) void refreshAttendanceReferences({ tenant, instanceId, official });
    });
    return () => subscription.unsubscribe();
  }, [tenant, instanceId, official]);
}
