import { replaceReferenceSet } from '../../../data/actions';
import { currentDataSession } from '../../../data/session/data-session';
import { liveInstances } from './live-instances';

let scheduled = false;

function write(): void {
  if (!currentDataSession()) return;
  const items = Object.values(liveInstances.byId)
    .map(({ id, name, channel, activated, phone_number, is_official }) => ({ id, name, channel, activated, phone_number, is_official }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  replaceReferenceSet('connections', items).catch(() => undefined);
}

/**
 * Copies what is known of the user's connections into the local 'connections' reference set
 * (DESIGN §4), so the attendance screen names its connection offline. Only the fields an
 * attendant needs travel: no token, no dialog parameters. Several changes in one turn (a poll
 * lists every connection) make one write.
 */
export function storeConnectionReferences(): void {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    write();
  });
}
