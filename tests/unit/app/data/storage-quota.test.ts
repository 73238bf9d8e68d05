import { describe, expect, it } from 'vitest';
import { checkStorageQuota, requestPersistentStorage, type StorageNotice } from '../../../../src/app/data/health/storage-quota';

describe('storage persistence and quota', () => {
  it('warns in pt-BR when usage passes 80% of the quota, and not below', async () => {
    const notices: StorageNotice[] = [];
    await checkStorageQuota((n) => notices.push(n), { estimate: async () => ({ usage: 79, quota: 100 }) });
    expect(notices).toHaveLength(0);
    await checkStorageQuota((n) => notices.push(n), { estimate: async () => ({ usage: 85, quota: 100 }) });
    expect(notices).toEqual([expect.objectContaining({ kind: 'quota', title: 'Armazenamento quase cheio' })]);
    expect(notices[0]?.message).toContain('85%');
  });

  it('asks for persistent storage once and warns when refused', async () => {
    const notices: StorageNotice[] = [];
    let asked = 0;
    const granted = await requestPersistentStorage((n) => notices.push(n), {
      persisted: async () => false,
      persist: async () => {
        asked += 1;
        return false;
      },
    });
    expect(granted).toBe(false);
    expect(asked).toBe(1);
    expect(notices[0]?.kind).toBe('not-persistent');
    expect(await requestPersistentStorage(() => undefined, { persisted: async () => true, persist: async () => false })).toBe(true);
  });
});
