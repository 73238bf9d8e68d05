export { useTickets, useTicketCounts, type UseTicketsInput } from './use-tickets';
export { useMessages } from './use-messages';
export { useDraft } from './use-draft';
export { useSyncState } from './use-sync-state';
export { useReferences } from './use-references';
export { useDataSession } from './use-data-session';
export { useHealthIndicator, type HealthIndicator } from './use-health-indicator';
