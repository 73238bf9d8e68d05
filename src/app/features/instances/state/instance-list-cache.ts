import { readJson, writeJson } from '../../../state/storage';
import type { InstanceView } from '../model/instance';

/**
 * The last connection list this user read, so the chooser still works offline (an attendant can
 * pick the connection whose conversations are stored locally). Tokens come masked from the server.
 */
interface CachedList {
  tenant: string;
  userId: string;
  instances: InstanceView[];
}

const KEY = 'pedbot.instances';

export function readCachedInstances(tenant: string, userId: string): InstanceView[] | null {
  const cached = readJson<CachedList>('local', KEY);
  return cached && cached.tenant === tenant && cached.userId === userId ? cached.instances : null;
}

export function writeCachedInstances(tenant: string, userId: string, instances: InstanceView[]): void {
  writeJson('local', KEY, { tenant, userId, instances } satisfies CachedList);
}
