import { notifications } from '@mantine/notifications';
import { errors } from '../../../../shared/i18n/pt-BR';
import { currentDataSession } from '../../../data/session/data-session';
import { selectConnection } from '../../../data/session/app-binding';
import { sessionState } from '../../../state/session';
import { fetchInstances } from '../api/instance-operations';
import type { InstanceView } from '../model/instance';
import { activeInstanceFor, activeInstanceState, chooseActiveInstance } from './active-instance';
import { storeConnectionReferences } from './connection-references';

const replicating = (tenant: string, instanceId: string): boolean => {
  const running = currentDataSession();
  return running?.scope.tenant === tenant && running.scope.instanceId === instanceId;
};

/** The connection whose data session is starting, so asking again meanwhile does not restart it. */
let starting: string | null = null;

function replicate(tenant: string, instanceId: string): void {
  const key = `${tenant}|${instanceId}`;
  if (starting === key || replicating(tenant, instanceId)) return;
  starting = key;
  selectConnection(instanceId)
    .then(storeConnectionReferences, (error: unknown) => {
      notifications.show({ color: 'red', title: errors.genericTitle, message: error instanceof Error ? error.message : String(error) });
    })
    .finally(() => {
      if (starting === key) starting = null;
    });
}

/**
 * The user attends through this connection from now on: the choice is remembered and the local
 * database replicates that connection (a different one restarts replication, SPEC §4). Resolves
 * at once; replication starts in the background and never blocks the next screen.
 */
export function activateConnection(tenant: string, userId: string, instance: Pick<InstanceView, 'id' | 'name' | 'phone_number'>): void {
  chooseActiveInstance({ tenant, userId, instanceId: instance.id, name: instance.name, phoneNumber: instance.phone_number });
  replicate(tenant, instance.id);
}

/** After a reload the remembered connection replicates again without visiting the chooser. */
export function resumeActiveConnection(tenant: string): void {
  const choice = activeInstanceFor(activeInstanceState, tenant, sessionState.current?.user.id);
  if (choice) replicate(tenant, choice.instanceId);
}

/**
 * A user who may use exactly one connection never has to choose it (issue 12 §6): with no choice
 * remembered, that one is chosen on entering the signed-in area. Offline or refused, nothing happens.
 */
export async function chooseOnlyConnection(tenant: string): Promise<void> {
  const userId = sessionState.current?.user.id;
  if (!userId || activeInstanceFor(activeInstanceState, tenant, userId)) return;
  const instances = await fetchInstances(tenant, { notify: false }).catch(() => null);
  const only = instances?.length === 1 ? instances[0] : undefined;
  if (!only || sessionState.current?.user.id !== userId || activeInstanceFor(activeInstanceState, tenant, userId)) return;
  activateConnection(tenant, userId, only);
}
