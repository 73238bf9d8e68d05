import { Badge } from '@mantine/core';
import { useHealthIndicator } from '../../data/hooks';
import { Icon } from '../icons';

/**
 * The connection-health slot of the navbar (DESIGN §6a): the replication's health (online,
 * syncing, offline since HH:mm) while a data session runs, else the browser's network state.
 */
export function ConnectionHealth() {
  const { status, label } = useHealthIndicator();
  const online = status !== 'offline';
  return (
    <Badge
      role="status"
      aria-label={`Conexão: ${label}`}
      variant="light"
      color={status === 'online' ? 'teal' : status === 'syncing' ? 'blue' : 'gray'}
      leftSection={<Icon name={online ? 'online' : 'offline'} size={14} />}
    >
      {label}
    </Badge>
  );
}
