import { useSnapshot } from 'valtio';
import { useRemote } from '../../../ui/remote/use-remote';
import { fetchCloudConnections } from '../api/template-operations';
import { pickConnection, templateConnection } from '../state/template-connection';

/** The Cloud API connections and the one chosen for the template screens. */
export function useCloudConnections(tenant: string) {
  const remote = useRemote(tenant, (signal) => fetchCloudConnections(tenant, { signal, notify: false }));
  const remembered = useSnapshot(templateConnection).id;
  const selected = remote.data ? pickConnection(remote.data, remembered) : null;
  return { ...remote, selected };
}
