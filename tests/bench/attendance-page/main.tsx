/**
 * The attendance screen on a local database of 10,000 tickets and 100,000 messages, for
 * tests/bench/attendance-render.ts. It signs in a fake administrator (no server behind it: the
 * replication simply stays offline), seeds the database on `?seed=1`, and records when the ticket
 * list and a 500-message conversation are first painted.
 */
import { signalBench } from './bench-session';
// As the app's main.tsx does first: the remembered connection's database starts opening here.
import '../../../src/app/boot/open-data-early';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { attendanceActions, attendanceUi } from '../../../src/app/features/attendance/state/attendance-store';
import { lazyScreen } from '../../../src/app/routes/lazy-screen';
import { warmUpLocaleData } from '../../../src/app/boot/warm-up';
import { DeferredNotifications } from '../../../src/app/ui/notifications/deferred-notifications';
import { mantineTheme } from '../../../src/app/ui/theme/mantine-theme';
import type { QueryVariant } from './queries';
import { LONG_CONVERSATION } from './long-conversation';

const marks = window.bench.marks;
marks.appEvaluated = performance.now();

/** Records `name` at the first frame painted after `ready()` holds. */
function markWhen(name: string, ready: () => boolean): void {
  const check = () => {
    if (marks[name] !== undefined || !ready()) return false;
    requestAnimationFrame(() => {
      marks[name] ??= performance.now();
      signalBench(name);
    });
    return true;
  };
  if (check()) return;
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * The ticket list's first paint. With a stored screen (src/app/boot/stored-screen) shown by the
 * boot script, that is the page's first contentful paint as the browser reports it; the live list
 * drawn from the local database is marked too ('livePainted'), and the two are compared: the
 * stored screen must show the tickets the live list then shows, in the same order.
 */
const ticketIds = (scope: string) => Array.from(document.querySelectorAll<HTMLElement>(`${scope} [data-ticket-id]`), (row) => row.dataset.ticketId).slice(0, 8).join(',');
const storedIds = ticketIds('#stored-screen');
const storedShown = performance.getEntriesByName('pedbot:stored-screen-shown')[0]?.startTime;
let firstPaint: number | undefined;
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) if (entry.name === 'first-contentful-paint') firstPaint = entry.startTime;
}).observe({ type: 'paint', buffered: true });
markWhen('livePainted', () => {
  if (document.querySelector('#root .pb-att-row') === null) return false;
  if (storedShown !== undefined) {
    marks.storedShown = storedShown;
    marks.storedMatches = storedIds !== '' && storedIds === ticketIds('#root') ? 1 : 0;
  }
  return true;
});
const signalList = () => {
  if (marks.livePainted === undefined || (storedShown !== undefined && firstPaint === undefined)) return void requestAnimationFrame(signalList);
  marks.listPainted = storedShown !== undefined ? firstPaint! : marks.livePainted;
  signalBench('listPainted');
};
signalList();
// As the app's main.tsx does at start.
warmUpLocaleData();

// The driver's init script remembers the Meus tab, and for its 'ticket left open' runs the long
// conversation's ticket, as the tab's sessionStorage does after a reload.
attendanceActions.setTab('my_chats');

const root = createRootRoute();
// As in the app (routes/attendance.ts): the screen is its own chunk, and the data module another,
// loaded while the screen's code loads; the seeding and query modes' code stays out of both.
const tenant = createRoute({
  getParentRoute: () => root,
  path: '$tenant',
  component: lazyScreen(() => import('../../../src/app/features/attendance/attendance-screen'), 'AttendanceScreen'),
});
const router = createRouter({ routeTree: root.addChildren([tenant]) });

async function start(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const variant = params.get('queries') as QueryVariant | null;
  if (variant) {
    const { measureQueries } = await import('./queries');
    window.bench.queries = await measureQueries(variant);
    signalBench('queries');
    return;
  }
  if (params.get('seed') === '1') {
    const [{ seedBenchData }, { awaitReplicationInSync, startSyncedSession }] = await Promise.all([import('./seed'), import('./synced-session')]);
    const session = await startSyncedSession();
    const seeded = await seedBenchData(session.db);
    await awaitReplicationInSync(session);
    window.bench.seeded = seeded;
    signalBench('seeded');
    return;
  }
  createRoot(document.getElementById('root')!).render(
    <MantineProvider theme={mantineTheme}>
      <DeferredNotifications />
      <div style={{ height: '100vh', padding: 16, boxSizing: 'border-box' }}>
        <RouterProvider router={router} />
      </div>
    </MantineProvider>,
  );
}

/**
 * Opens the ticket with the long conversation and records when its messages are painted: its
 * newest message on screen with the window rendered around it (the view renders the latest
 * lines first and more on scroll, so not all 500 are ever in the DOM at once).
 */
const longConversationShown = () => document.getElementById(`msg-${LONG_CONVERSATION}`) !== null && document.querySelectorAll('.pb-att-msg').length >= 30;
(window as unknown as { openLongConversation: () => void }).openLongConversation = () => {
  marks.conversationClicked = performance.now();
  markWhen('conversationPainted', longConversationShown);
  document.querySelector<HTMLButtonElement>('#root .pb-att-row')?.click();
};
/**
 * A tab left with the long conversation open: the conversation's first paint after navigation. When
 * the stored screen holds that conversation, that is the page's first contentful paint; the live
 * conversation drawn from the local database is marked too ('openConversationLive').
 */
if (attendanceUi.selectedId !== null) {
  const storedConversation = document.querySelector(`#stored-screen #msg-${LONG_CONVERSATION}`) !== null;
  markWhen('openConversationLive', () => document.querySelector(`#root #msg-${LONG_CONVERSATION}`) !== null && document.querySelectorAll('#root .pb-att-msg').length >= 30);
  const signalOpenConversation = () => {
    if (marks.openConversationLive === undefined || (storedConversation && firstPaint === undefined)) return void requestAnimationFrame(signalOpenConversation);
    marks.openConversationStored = storedConversation ? 1 : 0;
    marks.openConversationPainted = storedConversation ? firstPaint! : marks.openConversationLive;
    signalBench('openConversationPainted');
  };
  signalOpenConversation();
}

start().catch((error: unknown) => {
  window.bench.error = error instanceof Error ? error.message : String(error);
  signalBench('error');
});
