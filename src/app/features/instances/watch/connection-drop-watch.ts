import { getAccessToken, refreshAccessToken } from '../../../api/graphql-client';
import { createSyncSocket } from '../../../data/replication/sync-socket';
import { fetchInstances } from '../api/instance-operations';
import { DropTracker } from '../model/drop-tracker';
import { INSTANCE_FIELDS } from '../model/instance';
import type { InstanceView } from '../model/instance';
import { storeConnectionReferences } from '../state/connection-references';
import { forgetAllInstances, rememberInstance } from '../state/live-instances';
import { startDropWatch } from './drop-watch';
import type { InstanceStream } from './drop-watch';
import { showConnectionDropped } from './show-connection-dropped';

const SUBSCRIPTION = `subscription InstanceUpdated { instanceUpdated { ${INSTANCE_FIELDS} } }`;

const wsUrlOf = (tenant: string): string => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/${encodeURIComponent(tenant)}/graphql`;
};

function instanceStream(tenant: string): { stream: InstanceStream<InstanceView>; dispose: () => Promise<void> } {
  const socket = createSyncSocket({
    url: wsUrlOf(tenant),
    getToken: (forceRefresh) => (forceRefresh ? refreshAccessToken().catch(() => null) : getAccessToken()),
  });
  const stream: InstanceStream<InstanceView> = {
    subscribe: (onChange, onError) =>
      socket.subscribe<{ instanceUpdated: InstanceView }>(SUBSCRIPTION, {}, {
        next: (data) => onChange(data.instanceUpdated),
        error: onError,
        complete: () => undefined,
      }),
    status: (listener) => {
      const subscription = socket.status$.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    reconnected: (listener) => {
      const subscription = socket.reconnected$.subscribe(listener);
      return () => subscription.unsubscribe();
    },
  };
  return { stream, dispose: () => socket.dispose() };
}

let running: { tenant: string; stop: () => void } | null = null;

/** Shared by the watch and the screens' reads: what this user was shown as up. */
let tracker = new DropTracker();

/**
 * A screen read the connections: the ones it shows up are the ones whose drop the user must hear
 * of, even when the drop lands before the watch's own first read or stream.
 */
export function observeInstances(instances: readonly InstanceView[]): void {
  for (const instance of instances) if (tracker.observe(instance)) showConnectionDropped(instance);
}

/**
 * Shows the red 'Conexão desconectada!' notice to this signed-in user whenever one of the
 * connections they may use drops (SPEC §4, §8), on every signed-in page. Idempotent per tenant.
 */
export function startConnectionDropWatch(tenant: string): void {
  if (running?.tenant === tenant) return;
  // Only another tenant's watch is stopped: what the chooser already showed before the first start stays known.
  if (running) stopConnectionDropWatch();
  const { stream, dispose } = instanceStream(tenant);
  const stop = startDropWatch({
    list: () => fetchInstances(tenant, { notify: false }),
    stream,
    onDrop: showConnectionDropped,
    tracker,
    onChange: (instance) => {
      rememberInstance(instance);
      storeConnectionReferences();
    },
  });
  running = {
    tenant,
    stop: () => {
      stop();
      void dispose();
    },
  };
}

/** Sign-out: no more notices, and no connection state of the previous user is kept. */
export function stopConnectionDropWatch(): void {
  running?.stop();
  running = null;
  tracker = new DropTracker();
  forgetAllInstances();
}
