import { useEffect, useLayoutEffect, useRef } from 'react';
import { captureStoredScreen } from '../../../boot/stored-screen/capture';
import { dismissStoredScreen, storedScreenHoldsConversation } from '../../../boot/stored-screen/overlay';
import type { PersistedView } from '../state/persisted-view';
import { whenIdle } from '../ui/when-idle';
import { conversationDrawn, conversationOverflows, conversationSettled, withConversation, withoutConversation } from './screen-picture';

/** Changes come in bursts (a busy inbox): the screen is stored once they settle, and when the page is hidden. */
const CAPTURE_DEBOUNCE_MS = 1_000;

export interface StoredScreenInput {
  owner: { tenant: string; userId: string };
  view: Pick<PersistedView, 'tab' | 'isCampaign' | 'selectedId'>;
  /** The list has been read from the local database (tickets or none). */
  live: boolean;
  /** The screen shows the view as a new start would: no search, no category filter. */
  plain: boolean;
  /** The list and the open ticket as drawn; a new value means a new picture to store. */
  drawn: unknown;
  /** Opens a ticket clicked on the stored screen before the live one replaced it. */
  onOpen: (id: string) => void;
}

const listAtTop = (doc: Document) => (doc.querySelector('.pb-att-list-body [data-testid="virtual-list"]')?.scrollTop ?? 0) === 0;

/**
 * The picture a copy of the console becomes: with the open ticket's conversation where it is drawn
 * (a start with that ticket open shows it), else as a start with no ticket open draws it.
 */
export const asPicture =
  (selectedId: string | null, live: ParentNode) =>
  (root: HTMLElement): string | null => {
    if (selectedId !== null && conversationDrawn(root)) {
      withConversation(root, conversationOverflows(live));
      return selectedId;
    }
    withoutConversation(root);
    return null;
  };

/**
 * The attendance console's side of the stored screen (boot/stored-screen): the live screen
 * replaces the picture in the same frame its list is drawn (and, where the picture shows the open
 * conversation, that conversation too), and stores itself for the next start.
 */
export function useStoredScreen({ owner, view, live, plain, drawn, onOpen }: StoredScreenInput): void {
  useLayoutEffect(() => {
    if (!live) return;
    const replace = () => {
      const opening = dismissStoredScreen(document);
      if (opening) onOpen(opening);
    };
    const root = document.getElementById('root');
    if (!root || !storedScreenHoldsConversation(document) || conversationSettled(root)) return void replace();
    // A mutation observer's callback runs before the frame is painted: no frame shows a loading pane.
    const observer = new MutationObserver(() => {
      if (!conversationSettled(root)) return;
      observer.disconnect();
      replace();
    });
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-has-ticket'] });
    return () => observer.disconnect();
  }, [live, onOpen]);

  const capture = useRef(() => undefined as void);
  capture.current = () => {
    if (live && plain && listAtTop(document)) captureStoredScreen(document, owner, { tab: view.tab, isCampaign: view.isCampaign }, asPicture(view.selectedId, document));
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
