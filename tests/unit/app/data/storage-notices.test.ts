import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { sessionSeenLevels, showStorageNoticesOnce, type ShownStorageNotice } from '../../../../src/app/data/health/storage-notices';
import { watchStorageQuota, type StorageNotice } from '../../../../src/app/data/health/storage-quota';

/** sessionStorage as a plain map: what one tab keeps across reloads. */
function fakeSessionStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('storage notices shown to the user', () => {
  it('shows the quota warning from a fake estimate once per session, with what to do', async () => {
    const notices = new Subject<StorageNotice>();
    const shown: ShownStorageNotice[] = [];
    const session = fakeSessionStorage();
    const stop = showStorageNoticesOnce(notices, (n) => shown.push(n), sessionSeenLevels(session));
    let usage = 90;
    const manager = { estimate: async () => ({ usage, quota: 100 }) };
    const unwatch = watchStorageQuota((n) => notices.next(n), 60_000, manager);
    await flush();
    expect(shown).toEqual([expect.objectContaining({ kind: 'quota', title: 'Armazenamento quase cheio' })]);
    expect(shown[0]?.message).toContain('90%');
    expect(shown[0]?.message).toContain('Sair');

    // Below the threshold and above it again: the watcher warns again, the session shows nothing new.
    usage = 50;
    const again = watchStorageQuota((n) => notices.next(n), 60_000, manager);
    usage = 95;
    const third = watchStorageQuota((n) => notices.next(n), 60_000, manager);
    await flush();
    expect(shown).toHaveLength(1);
    notices.next({ kind: 'not-persistent', title: 'Armazenamento pode ser apagado', message: 'x' });
    expect(shown.map((n) => n.kind)).toEqual(['quota', 'not-persistent']);
    [unwatch, again, third, stop].forEach((f) => f());

    // A reload in the same tab session: the levels already shown stay quiet.
    const afterReload: ShownStorageNotice[] = [];
    const stopReloaded = showStorageNoticesOnce(notices, (n) => afterReload.push(n), sessionSeenLevels(session));
    notices.next({ kind: 'quota', title: 't', message: 'm' });
    expect(afterReload).toEqual([]);
    stopReloaded();

    // Another session shows it again.
    const fresh: ShownStorageNotice[] = [];
    const stopFresh = showStorageNoticesOnce(notices, (n) => fresh.push(n), sessionSeenLevels(fakeSessionStorage()));
    notices.next({ kind: 'quota', title: 't', message: 'm' });
    expect(fresh.map((n) => n.kind)).toEqual(['quota']);
    stopFresh();
  });
});
