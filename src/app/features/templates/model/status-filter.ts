import { TEMPLATE_STATUS_LABELS, templateStatusLabel } from '../../../../shared/domain/template-status';

/** The list's status filter: PENDING also covers SUBMITTED, as both read 'Pendente' (SPEC §9). */
export type StatusFilter = 'ALL' | 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED';

export const STATUS_FILTERS: readonly Exclude<StatusFilter, 'ALL'>[] = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED'];

export function matchesStatus(status: string, filter: StatusFilter): boolean {
  return filter === 'ALL' || templateStatusLabel(status) === TEMPLATE_STATUS_LABELS[filter];
}

export function countByStatus(statuses: readonly string[]): Record<StatusFilter, number> {
  const counts: Record<StatusFilter, number> = { ALL: statuses.length, APPROVED: 0, PENDING: 0, REJECTED: 0, PAUSED: 0 };
  for (const status of statuses) for (const filter of STATUS_FILTERS) if (matchesStatus(status, filter)) counts[filter] += 1;
  return counts;
}
