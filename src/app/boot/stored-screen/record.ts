import { readJson, removeKey, writeJson } from '../../state/storage';

/**
 * The stored screen (issue 18): the attendance screen as it was last drawn, kept in localStorage
 * so that a returning attendant sees their ticket list in the page's first frame, while the app's
 * code and the local database start; the live screen replaces it as soon as its list has been
 * read. One record per list view (tab and kind), since a reload lands on the view it left and a
 * new visit on the Fila.
 */
export interface StoredScreen {
  version: typeof VERSION;
  tenant: string;
  userId: string;
  /** The address it was drawn at, with its query; it is shown there only. */
  path: string;
  /** The entry bundle's address: another build has other stylesheets and other markup. */
  build: string;
  /** The window's size: the screen's heights are drawn in pixels. */
  width: number;
  height: number;
  colorScheme: string;
  stylesheets: string[];
  html: string;
  /** The ticket whose conversation the picture shows beside the list; null: the pane is empty. */
  selectedId: string | null;
  savedAt: number;
}

export interface ScreenView {
  tab?: string;
  isCampaign?: boolean;
  selectedId?: string | null;
}

/** Where and by whom a stored screen would be shown. */
export interface ShowingContext {
  tenant: string | null;
  userId: string | null;
  path: string;
  build: string;
  width: number;
  height: number;
  now: number;
}

const VERSION = 2;
const PREFIX = 'pedbot.stored-screen:';
/** Older than this, the picture would mislead more than it helps. */
export const STORED_SCREEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A screen this large is not worth a synchronous read at every start. */
export const STORED_SCREEN_MAX_CHARS = 1_500_000;

/**
 * The storage key of a list view's screen. A view with a ticket open shares its tab's screen (see
 * `showsWithTicketOpen`): the picture shows the conversation stored with it only to that ticket's view.
 */
export function storedScreenKey(view: ScreenView): string {
  return `${PREFIX}${view.tab ?? 'inbox'}:${view.isCampaign ? 'campaign' : 'attendance'}`;
}

/**
 * Where the list stands beside the conversation (attendance.css: from 48em). Narrower, a ticket
 * open hides the list, so its picture would show the wrong pane.
 */
export const LIST_BESIDE_CONVERSATION = '(min-width: 48em)';

/**
 * Whether a view may start on its tab's picture: with no ticket open always; with one open only
 * where the list stays in sight, the picture marking that ticket and showing its conversation as
 * last drawn, if it was the one stored.
 */
export const showsWithTicketOpen = (view: ScreenView, listBesideConversation: boolean): boolean => !view.selectedId || listBesideConversation;

export const newStoredScreen = (fields: Omit<StoredScreen, 'version'>): StoredScreen => ({ version: VERSION, ...fields });

export function isShowable(screen: StoredScreen, here: ShowingContext): boolean {
  const age = here.now - screen.savedAt;
  return (
    screen.version === VERSION &&
    here.tenant === screen.tenant &&
    here.userId === screen.userId &&
    here.path === screen.path &&
    here.build === screen.build &&
    here.width === screen.width &&
    here.height === screen.height &&
    age >= 0 &&
    age <= STORED_SCREEN_MAX_AGE_MS
  );
}

export const readStoredScreen = (view: ScreenView): StoredScreen | null => readJson<StoredScreen>('local', storedScreenKey(view));

/** A screen too large, or a storage full: the next start shows the loading state instead, as before. */
export function writeStoredScreen(view: ScreenView, screen: StoredScreen): void {
  const key = storedScreenKey(view);
  if (screen.html.length > STORED_SCREEN_MAX_CHARS) removeKey('local', key);
  else writeJson('local', key, screen);
}

/** On sign-out: what the user's screen showed goes with their session. */
export function clearStoredScreens(): void {
  try {
    const storage = globalThis.localStorage;
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key): key is string => key?.startsWith(PREFIX) === true);
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}
