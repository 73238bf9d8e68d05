import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../ui/remote/load-states';
import { t } from '../texts';

/** Loading and error of a settings screen (its data comes from the network, DESIGN §4). */
export function SettingsState({ loading, error, onRetry, children }: { loading: boolean; error: unknown; onRetry: () => void; children: () => ReactNode }) {
  if (error) return <ErrorState title={t.common.loadError} error={error} onRetry={onRetry} />;
  if (loading) return <LoadingState label={t.common.loading} />;
  return <>{children()}</>;
}
