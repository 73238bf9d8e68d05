import { markOpenTicket, withoutConversation } from '../../features/attendance/data/screen-picture';
import type { StoredScreen } from './record';

const OVERLAY_ID = 'stored-screen';
/** On <html> while a stored screen is shown: index.html hides its splash then. */
const SHOWING_ATTRIBUTE = 'data-stored-screen';
/** How long a stored screen may stay if nothing live replaces it (an error, another screen). */
export const STORED_SCREEN_TIMEOUT_MS = 10_000;

/**
 * Shows `screen` over the page from its first frame, with the ticket left open (`selectedId`)
 * marked in its list, and that ticket's conversation if the picture holds it. It is a picture:
 * inert, hidden from assistive technology, with a busy cursor. A click on one of its tickets is
 * remembered, and the live screen opens that ticket when it replaces the picture.
 */
export function showStoredScreen(doc: Document, screen: StoredScreen, selectedId: string | null = null): void {
  for (const href of screen.stylesheets) {
    if (doc.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // A stylesheet added by script does not hold the first paint unless told to.
    link.setAttribute('blocking', 'render');
    doc.head.append(link);
  }
  doc.documentElement.setAttribute('data-mantine-color-scheme', screen.colorScheme);
  doc.documentElement.setAttribute(SHOWING_ATTRIBUTE, '');
  const overlay = doc.createElement('div');
  overlay.id = OVERLAY_ID;
  overlay.dataset.path = screen.path;
  overlay.setAttribute('aria-hidden', 'true');
  overlay.style.cssText = 'position:fixed;inset:0;z-index:1000;overflow:hidden;cursor:progress;background:var(--mantine-color-body)';
  const picture = doc.createElement('div');
  picture.inert = true;
  picture.innerHTML = screen.html;
  if (selectedId !== null && screen.selectedId === selectedId) overlay.dataset.conversation = selectedId;
  else {
    withoutConversation(picture);
    if (selectedId !== null) markOpenTicket(picture, selectedId);
  }
  overlay.append(picture);
  overlay.addEventListener('click', (event) => {
    for (const row of overlay.querySelectorAll<HTMLElement>('[data-ticket-id]')) {
      const box = row.getBoundingClientRect();
      if (event.clientX >= box.left && event.clientX < box.right && event.clientY >= box.top && event.clientY < box.bottom) {
        overlay.dataset.opening = row.dataset.ticketId;
      }
    }
  });
  doc.body.append(overlay);
  performance.mark('pedbot:stored-screen-shown');
  setTimeout(() => dismissStoredScreen(doc), STORED_SCREEN_TIMEOUT_MS);
}

/** Whether the stored screen shown holds the open ticket's conversation (the live one replaces it once drawn). */
export const storedScreenHoldsConversation = (doc: Document): boolean => doc.getElementById(OVERLAY_ID)?.dataset.conversation !== undefined;

/** A navigation elsewhere (a redirect to sign-in, say) removes a screen drawn for another address. */
export function dismissStoredScreenAwayFrom(doc: Document, pathname: string): void {
  const overlay = doc.getElementById(OVERLAY_ID);
  if (overlay && overlay.dataset.path !== pathname) dismissStoredScreen(doc);
}

/** Removes the stored screen, if shown; returns the ticket clicked on it meanwhile, if any. */
export function dismissStoredScreen(doc: Document): string | null {
  doc.documentElement.removeAttribute(SHOWING_ATTRIBUTE);
  const overlay = doc.getElementById(OVERLAY_ID);
  if (!overlay) return null;
  overlay.remove();
  return overlay.dataset.opening ?? null;
}
