import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { firstValueFrom, take, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import { compareScope, markWindowLoaded, windowLoaded$, writeScope } from '../../../../src/app/data/session/local-scope';

describe('the local scope', () => {
  it('tells, live, whether the initial window of the stored scope is in', async () => {
    const db = await openPedbotDatabase({ storage: getRxStorageMemory(), name: `scope${Date.now()}`, multiInstance: false, collections: ['chattickets'] });
    try {
      const scope = { tenant: 'demo', userId: '7', instanceId: '1' };
      expect(await firstValueFrom(windowLoaded$(db))).toBe(false);
      await writeScope(db, scope);
      const seen = firstValueFrom(windowLoaded$(db).pipe(take(2), toArray()));
      await markWindowLoaded(db);
      expect(await seen).toEqual([false, true]);
      expect(await compareScope(db, scope)).toEqual({ kind: 'same' });

      // Another connection's scope starts without its window.
      await writeScope(db, { ...scope, instanceId: '2' });
      expect(await firstValueFrom(windowLoaded$(db))).toBe(false);
    } finally {
      await db.remove();
    }
  });
});
