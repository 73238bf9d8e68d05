import { useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { useDataSession, useReferences, useSyncState } from '../../../data/hooks';
import { sessionState } from '../../../state/session';

export interface ConnectionRef {
  id: string;
  name: string;
  official: boolean;
}

export interface AttendanceContext {
  tenant: string;
  /** Null until a connection is chosen and the local database is open. */
  instanceId: string | null;
  connection: ConnectionRef | null;
  viewer: { userId: string; roleName: string; departmentId: string | null; name: string };
  online: boolean;
  syncLabel: string;
}

interface ConnectionData {
  id: string | number;
  name?: string | null;
  is_official?: boolean | null;
}

/** Who is attending, on which connection, and whether the server is reachable. */
export function useAttendanceContext(): AttendanceContext {
  const { tenant } = useParams({ from: '/$tenant' });
  const data = useDataSession();
  const { current } = useSnapshot(sessionState);
  const sync = useSyncState();
  const connections = useReferences<ConnectionData>('connections');
  const instanceId = data?.scope.instanceId ?? null;
  const found = connections.find((c) => String(c.id) === instanceId);
  const user = current?.user;
  return {
    tenant,
    instanceId,
    connection: instanceId
      ? { id: instanceId, name: found?.name ?? user?.userInstances.find((u) => u.instance_id === instanceId)?.name ?? '', official: found?.is_official === true }
      : null,
    viewer: {
      userId: data?.user.id ?? user?.id ?? '',
      roleName: data?.user.roleName ?? user?.role.name ?? '',
      departmentId: data?.user.departmentId ?? user?.userDepartment?.id ?? null,
      name: user?.name ?? '',
    },
    online: sync.status !== 'offline',
    syncLabel: sync.label,
  };
}
