import { proxy } from 'valtio';
import type { InstanceView } from '../model/instance';

/**
 * The latest known copy of each connection, whoever read it last: a screen's query, a mutation's
 * answer, the instanceUpdated stream or the fallback poll. Screens render from here so a drop
 * seen by the watcher turns the badge red on whatever screen is open.
 */
export const liveInstances = proxy<{ byId: Record<string, InstanceView> }>({ byId: {} });

/** When each copy was remembered (performance.now()), so that a list read begun earlier cannot replace it. */
const rememberedAt = new Map<string, number>();

export function rememberInstance(instance: InstanceView): void {
  liveInstances.byId[instance.id] = instance;
  rememberedAt.set(instance.id, performance.now());
}

/**
 * The connections of a list read begun at `readAt` (performance.now()). A copy remembered since
 * (a drop the stream brought while the list was on its way) is newer and stays.
 */
export function rememberInstances(instances: readonly InstanceView[], readAt: number): void {
  for (const instance of instances) if ((rememberedAt.get(instance.id) ?? -Infinity) <= readAt) rememberInstance(instance);
}

export function forgetInstance(id: string): void {
  delete liveInstances.byId[id];
  rememberedAt.delete(id);
}

export function forgetAllInstances(): void {
  liveInstances.byId = {};
  rememberedAt.clear();
}
