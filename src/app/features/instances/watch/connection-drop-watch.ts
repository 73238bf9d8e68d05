import { subscribeOnTabSocket, watchTabSocket } from '../../../data/live/tab-socket';
import { fetchInstances } from '../api/instance-operations';
import { DropTracker } from '../model/drop-tracker';
import { INSTANCE_FIELDS } from '../model/instance';
import type { InstanceView } from '../model/instance';
import { storeConnectionReferences } from '../state/connection-references';
import { forgetAllInstances, rememberInstance, rememberInstances } from '../state/live-instances';
import { startDropWatch } from './drop-watch';
import type { InstanceStream } from './drop-watch';
import { showConnectionDropped } from './show-connection-dropped';

const SUBSCRIPTION = `subscription InstanceUpdated { instanceUpdated { ${INSTANCE_FIELDS} } }`;

/** Connection changes ride on the tab's one socket (DESIGN §5a), with its watchdog and token refresh. */
const instanceStream: InstanceStream<InstanceView> = {
  subscribe: (onChange, onError) =>
    subscribeOnTabSocket<{ instanceUpdated: InstanceView }>(SUBSCRIPTION, {}, {
      next: (data) => onChange(data.instanceUpdated),
      error: onError,
      complete: () => undefined,
    }),
  status: (listener) => watchTabSocket({ status: listener }),
  reconnected: (listener) => watchTabSocket({ reconnected: listener }),
};

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
  const stop = startDropWatch({
    list: () => fetchInstances(tenant, { notify: false }),
    stream: instanceStream,
    onDrop: showConnectionDropped,
    tracker,
    onChange: (instance, readAt) => {
      if (readAt === undefined) rememberInstance(instance);
      else rememberInstances([instance], readAt);
      storeConnectionReferences();
    },
  });
  running = { tenant, stop };
}

/** Sign-out: no more notices, and no connection state of the previous user is kept. */
export function stopConnectionDropWatch(): void {
  running?.stop();
  running = null;
  tracker = new DropTracker();
  forgetAllInstances();
}
