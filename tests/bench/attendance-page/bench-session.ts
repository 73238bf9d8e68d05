/**
 * The bench page's first module: it starts the clock and, on a measured page, signs in the
 * bench's administrator with connection 1 remembered, as a returning attendant's stored session
 * and choice would be, before the app's early boot module reads them (the stored screen's boot
 * script, which runs before any module, finds the session stored by the previous visit). The seeding and query
 * pages sign nobody in, so nothing else opens their database.
 */
import { sessionState } from '../../../src/app/state/session';
import { SESSION_KEY } from '../../../src/app/state/stored-session';
import { activeInstanceState } from '../../../src/app/features/instances/state/active-instance';

declare global {
  interface Window {
    bench: {
      marks: Record<string, number>;
      seeded?: { tickets: number; messages: number; ms: number };
      queries?: { list: number; conversation: number; open: number };
      error?: string;
    };
  }
}

window.bench = { marks: { scriptStart: performance.now() } };

/**
 * Tells the bench that `name` (a mark, 'queries', 'seeded' or 'error') is recorded. The bench
 * waits for these console lines instead of polling the page, so no evaluation of the driver's
 * runs on the page's main thread inside a measured interval.
 */
export function signalBench(name: string): void {
  console.debug(`bench-signal:${name}`);
}

const params = new URLSearchParams(location.search);
if (params.has('queries') || params.has('seed')) {
  // A measured page stored the session: nothing may open the database behind these pages' backs.
  sessionState.current = null;
} else {
  sessionState.current = {
    tenant: 'bench',
    token: 'bench',
    refreshToken: '',
    expiresAt: Date.now() + 3_600_000,
    remember: false,
    user: {
      id: '1',
      email: 'bench@pedbot.local',
      name: 'Bench',
      image: null,
      username: null,
      twofactor_activity: false,
      role: { id: '1', name: 'administrador', display_name: 'Administrador', has_permission_routes: [] },
      userDepartment: null,
      userInstances: [{ id: '1', instance_id: '1', name: 'Bench' }],
    },
  };
  // Kept as a remembered sign-in keeps it, where the stored screen's boot script reads it.
  localStorage.setItem(SESSION_KEY, JSON.stringify(sessionState.current));
  activeInstanceState.current = { tenant: 'bench', userId: '1', instanceId: '1', name: 'Bench', phoneNumber: null };
  // Subscribed before the early boot module asks for the database, which takes longer to open
  // than this chunk (one the app loads anyway) takes to load.
  void import('../../../src/app/data/session/data-session').then(({ dataSession$ }) => {
    const subscription = dataSession$.subscribe((session) => {
      if (!session || window.bench.marks.databaseOpen !== undefined) return;
      window.bench.marks.databaseOpen = performance.now();
      queueMicrotask(() => subscription.unsubscribe());
    });
  });
}
