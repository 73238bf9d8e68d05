import { entryBuild } from './entry-build';
import { newStoredScreen, writeStoredScreen, type ScreenView } from './record';

/**
 * Stores the screen as drawn now under `view`, for the next start at this address. `redraw` turns
 * a copy of the page's root into what that start shows first (the screen's own rules: which parts
 * only the current visit shows).
 */
export function captureStoredScreen(
  doc: Document,
  owner: { tenant: string; userId: string },
  view: ScreenView,
  redraw: (root: HTMLElement) => void,
  now = Date.now(),
): void {
  const live = doc.getElementById('root');
  if (!live) return;
  const root = live.cloneNode(true) as HTMLElement;
  redraw(root);
  const win = doc.defaultView;
  writeStoredScreen(
    view,
    newStoredScreen({
      ...owner,
      path: doc.location.pathname,
      build: entryBuild(doc),
      width: win?.innerWidth ?? 0,
      height: win?.innerHeight ?? 0,
      colorScheme: doc.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light',
      stylesheets: Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => link.getAttribute('href') ?? '').filter(Boolean),
      html: root.innerHTML,
      savedAt: now,
    }),
  );
}
