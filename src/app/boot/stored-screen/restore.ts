/**
 * The boot script of the stored screen: a classic script that index.html runs at the top of its
 * body, before the app's modules load (built by build-plugin.ts, since the Content-Security-Policy
 * allows no inline script). It shows the screen stored for this address, user and list view.
 */
import { readPersistedView } from '../../features/attendance/state/persisted-view';
import { readStoredSession } from '../../state/stored-session';
import { showStoredScreen } from './overlay';
import { entryBuild } from './entry-build';
import { LIST_BESIDE_CONVERSATION, isShowable, readStoredScreen, showsWithTicketOpen } from './record';

try {
  const session = readStoredSession();
  const view = readPersistedView();
  const screen = session && showsWithTicketOpen(view, matchMedia(LIST_BESIDE_CONVERSATION).matches) ? readStoredScreen(view) : null;
  const here = {
    tenant: session?.tenant ?? null,
    userId: session ? String(session.user.id) : null,
    // With its query: a link to one ticket (`?ticket=`) opens that ticket, which the stored list does not show.
    path: location.pathname + location.search,
    build: entryBuild(document),
    width: innerWidth,
    height: innerHeight,
    now: Date.now(),
  };
  if (screen && isShowable(screen, here)) showStoredScreen(document, screen, view.selectedId ?? null);
} catch {
  // A damaged record or a blocked storage: the app starts as it would without one.
}
