import { Badge } from '@mantine/core';
import { connectionState, connectionStateColor, connectionStateLabel } from '../model/connection-state';
import { t } from '../texts';

/** Conectado / Desconectado / Em manutenção, with its name spoken as a status. */
export function ConnectionStateBadge({ activated, maintenance }: { activated: boolean; maintenance: boolean }) {
  const state = connectionState(activated, maintenance);
  const label = connectionStateLabel(state);
  return (
    <Badge color={connectionStateColor(state)} variant="light" aria-label={t.stateLabel(label)} style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
