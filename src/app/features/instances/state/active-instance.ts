import { proxy } from 'valtio';
import { readJson, removeKey, writeJson } from '../../../state/storage';

/**
 * The connection the user attends through (SPEC §4: messages are stored only for the selected
 * connection). Chosen on instances/list/choose-instance; the attendance screen and the
 * replication scope follow it. Kept in localStorage under ACTIVE_INSTANCE_KEY, per tenant and
 * user, so a reload (or an offline start) comes back to the same connection.
 */
export interface ActiveInstance {
  tenant: string;
  userId: string;
  instanceId: string;
  name: string;
  phoneNumber: string | null;
}

export const ACTIVE_INSTANCE_KEY = 'pedbot.activeInstance';

export const activeInstanceState = proxy<{ current: ActiveInstance | null }>({
  current: readJson<ActiveInstance>('local', ACTIVE_INSTANCE_KEY),
});

export function chooseActiveInstance(choice: ActiveInstance): void {
  activeInstanceState.current = choice;
  writeJson('local', ACTIVE_INSTANCE_KEY, choice);
}

export function clearActiveInstance(): void {
  activeInstanceState.current = null;
  removeKey('local', ACTIVE_INSTANCE_KEY);
}

/** The choice of this tenant and user; another user's choice on the same browser does not count. */
export function activeInstanceFor(
  state: { current: ActiveInstance | null },
  tenant: string,
  userId: string | undefined,
): ActiveInstance | null {
  const current = state.current;
  return current && current.tenant === tenant && current.userId === userId ? current : null;
}
