import { sessionState } from '../../../state/session';
import { fetchInstances } from '../api/instance-operations';
import { activateConnection } from './activate-connection';
import { liveInstances } from './live-instances';

/**
 * The connection switch other features ask for (state/connection-switch.ts): by id, with the
 * name and number from what this tab already knows of the connections, else read once.
 */
export function switchToConnection(tenant: string, instanceId: string): void {
  const userId = sessionState.current?.user.id ?? '';
  const known = liveInstances.byId[instanceId];
  if (known) {
    activateConnection(tenant, userId, known);
    return;
  }
  fetchInstances(tenant, { notify: false })
    .then((instances) => {
      const found = instances.find((instance) => instance.id === instanceId);
      if (found && sessionState.current?.user.id === userId) activateConnection(tenant, userId, found);
    })
    .catch(() => undefined);
}
