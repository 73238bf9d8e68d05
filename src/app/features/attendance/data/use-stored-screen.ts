import { useEffect, useLayoutEffect, useRef } from 'react';
import { captureStoredScreen } from '../../../boot/stored-screen/capture';
import { dismissStoredScreen } from '../../../boot/stored-screen/overlay';
import type { PersistedView } from '../state/persisted-view';
import { whenIdle } from '../ui/when-idle';

/** Changes come in bursts (a busy inbox): the screen is stored once they settle, and when the page is hidden. */
const CAPTURE_DEBOUNCE_MS = 1_000;

export interface StoredScreenInput {
  owner: { tenant: string; userId: string };
  view: Pick<PersistedView, 'tab' | 'isCampaign'>;
  /** The list has been read from the local database (tickets or none). */
  live: boolean;
  /** The screen shows the view as a new start would: no search, no category filter. */
  plain: boolean;
  /** The list as drawn; a new value means a new picture to store. */
  drawn: unknown;
  /** Opens a ticket clicked on the stored screen before the live one replaced it. */
  onOpen: (id: string) => void;
}

const listAtTop = (doc: Document) => (doc.querySelector('.pb-att-list-body [data-testid="virtual-list"]')?.scrollTop ?? 0) === 0;

/**
 * The console as a start with no ticket open draws it: the list as it is, the conversation pane
 * empty (its hint follows with the live screen) and no customer panel. An open conversation is
 * left out: a picture cannot keep its scroll position, and a start opens no ticket.
 */
export function asStartingScreen(root: HTMLElement): void {
  const screen = root.querySelector<HTMLElement>('.pb-att-screen');
  if (!screen) return;
  delete screen.dataset.hasTicket;
  delete screen.dataset.panelOpen;
  screen.querySelector('.pb-att-conversation-pane')?.replaceChildren();
  screen.querySelector('.pb-att-panel')?.remove();
  for (const row of screen.querySelectorAll<HTMLElement>('.pb-att-row[data-selected]')) {
    delete row.dataset.selected;
    row.removeAttribute('aria-current');
  }
}

/**
 * The attendance console's side of the stored screen (boot/stored-screen): the live screen
 * replaces the picture in the same frame its list is drawn, and stores itself for the next start.
 */
export function useStoredScreen({ owner, view, live, plain, drawn, onOpen }: StoredScreenInput): void {
  useLayoutEffect(() => {
    if (!live) return;
    const opening = dismissStoredScreen(document);
    if (opening) onOpen(opening);
  }, [live, onOpen]);

  const capture = useRef(() => undefined as void);
  capture.current = () => {
    if (live && plain && listAtTop(document)) captureStoredScreen(document, owner, { tab: view.tab, isCampaign: view.isCampaign }, asStartingScreen);
  };
  useEffect(() => {
    if (!live || !plain) return;
    let cancelIdle = () => undefined as void;
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => capture.current(), CAPTURE_DEBOUNCE_MS);
    }, CAPTURE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [live, plain, drawn, view.tab, view.isCampaign]);
  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') capture.current();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => document.removeEventListener('visibilitychange', onHidden);
  }, []);
}
