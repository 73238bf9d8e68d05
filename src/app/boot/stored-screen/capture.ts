import { entryBuild } from './entry-build';
import { newStoredScreen, writeStoredScreen, type ScreenView } from './record';

const EMPTY_DECLARATION = /(^|;)\s*([a-z-]+):\s*(?=;|$)/g;

/**
 * A shorthand set through a `var()` (Mantine's `p={10}`), then one of its longhands, serializes
 * its other longhands as empty (`padding-top: ;`): the copy would lose them. They are filled in
 * from the live element's computed style.
 */
function fillUnserializedStyles(live: HTMLElement, copy: HTMLElement): void {
  const originals = live.querySelectorAll<HTMLElement>('[style]');
  const copies = copy.querySelectorAll<HTMLElement>('[style]');
  originals.forEach((original, i) => {
    const style = original.getAttribute('style') ?? '';
    const target = copies[i];
    if (!target || !style.includes(': ;')) return;
    const computed = getComputedStyle(original);
    for (const [, , property] of style.matchAll(EMPTY_DECLARATION)) {
      if (property) target.style.setProperty(property, computed.getPropertyValue(property));
    }
  });
}

/**
 * Stores the screen as drawn now under `view`, for the next start at this address. `redraw` turns
 * a copy of the page's root into what that start shows first (the screen's own rules: which parts
 * only the current visit shows) and answers which ticket's conversation the copy keeps, if any.
 */
export function captureStoredScreen(
  doc: Document,
  owner: { tenant: string; userId: string },
  view: ScreenView,
  redraw: (root: HTMLElement) => string | null,
  now = Date.now(),
): void {
  const live = doc.getElementById('root');
  if (!live) return;
  const root = live.cloneNode(true) as HTMLElement;
  fillUnserializedStyles(live, root);
  const selectedId = redraw(root);
  const win = doc.defaultView;
  writeStoredScreen(
    view,
    newStoredScreen({
      ...owner,
      path: doc.location.pathname + doc.location.search,
      build: entryBuild(doc),
      width: win?.innerWidth ?? 0,
      height: win?.innerHeight ?? 0,
      colorScheme: doc.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light',
      stylesheets: Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => link.getAttribute('href') ?? '').filter(Boolean),
      html: root.innerHTML,
      selectedId,
      savedAt: now,
    }),
  );
}
