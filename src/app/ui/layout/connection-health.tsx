import { Badge, Loader } from '@mantine/core';
import { useHealthIndicator } from '../../data/hooks';
import { Icon } from '../icons';

/**
 * The connection-health slot of the navbar (DESIGN §6a): the replication's health (online,
 * syncing, offline since HH:mm) while a data session runs, else the browser's network state. After
 * sign-in on a fresh database it counts the history stored so far while the screens already work.
 */
export function ConnectionHealth() {
  const { status, label, downloading } = useHealthIndicator();
  const online = status !== 'offline';
  return (
    <Badge
      role="status"
      aria-label={`Conexão: ${label}`}
      variant="light"
      color={status === 'online' ? 'teal' : status === 'syncing' ? 'blue' : 'gray'}
      leftSection={downloading ? <Loader size={12} color="blue" /> : <Icon name={online ? 'online' : 'offline'} size={14} />}
    >
      {label}
    </Badge>
  );
}
