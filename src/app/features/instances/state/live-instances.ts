import { proxy } from 'valtio';
import type { InstanceView } from '../model/instance';

/**
 * The latest known copy of each connection, whoever read it last: a screen's query, a mutation's
 * answer, the instanceUpdated stream or the fallback poll. Screens render from here so a drop
 * seen by the watcher turns the badge red on whatever screen is open.
 */
export const liveInstances = proxy<{ byId: Record<string, InstanceView> }>({ byId: {} });

export function rememberInstance(instance: InstanceView): void {
  liveInstances.byId[instance.id] = instance;
}

export function rememberInstances(instances: readonly InstanceView[]): void {
  for (const instance of instances) rememberInstance(instance);
}

export function forgetInstance(id: string): void {
  delete liveInstances.byId[id];
}

export function forgetAllInstances(): void {
  liveInstances.byId = {};
}
