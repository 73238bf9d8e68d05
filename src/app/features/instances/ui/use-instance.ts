import { useSnapshot } from 'valtio';
import { fetchInstance } from '../api/instance-operations';
import type { InstanceView } from '../model/instance';
import { liveInstances, rememberInstance } from '../state/live-instances';
import { useRemote } from '../../../ui/remote/use-remote';

/**
 * One connection for the build and edit screens: read from the server, then kept current by
 * whatever reads it later (a mutation's answer, the instanceUpdated stream).
 */
export function useInstance(tenant: string, id: string) {
  const remote = useRemote<InstanceView>(`${tenant}|${id}`, async (signal) => {
    const instance = await fetchInstance(tenant, id, { signal, notify: false });
    rememberInstance(instance);
    return instance;
  });
  const live = useSnapshot(liveInstances).byId[id] as InstanceView | undefined;
  const instance = remote.data ? (live ?? remote.data) : null;
  const update = (next: InstanceView) => {
    rememberInstance(next);
    remote.setData(next);
  };
  return { instance, loading: remote.loading, error: remote.error, reload: remote.reload, update };
}
