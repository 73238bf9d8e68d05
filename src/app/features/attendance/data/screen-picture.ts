/**
 * The attendance console's rules for its stored screen (boot/stored-screen): which parts of a
 * copy of the live screen a start shows. Shared by the capture (the live console) and the boot
 * script that shows the picture, so it stays free of React and of the rest of the app.
 */

/** The live conversation's messages as drawn (its list or its empty state, not its loader). */
const CONVERSATION_DRAWN = '.pb-att-conversation-pane .pb-att-messages:not([role="status"])';

/** The customer panel stays out of every picture: a start does not reopen it. */
function withoutPanel(screen: HTMLElement): void {
  delete screen.dataset.panelOpen;
  screen.querySelector('.pb-att-panel')?.remove();
}

/**
 * The console with no ticket open: the list as it is, the conversation pane empty (its hint
 * follows with the live screen) and no customer panel.
 */
export function withoutConversation(root: ParentNode): void {
  const screen = root.querySelector<HTMLElement>('.pb-att-screen');
  if (!screen) return;
  delete screen.dataset.hasTicket;
  withoutPanel(screen);
  screen.querySelector('.pb-att-conversation-pane')?.replaceChildren();
  for (const row of screen.querySelectorAll<HTMLElement>('.pb-att-row[data-selected]')) {
    delete row.dataset.selected;
    row.removeAttribute('aria-current');
  }
}

/** Whether `root` shows the open ticket's conversation drawn, not still loading. */
export const conversationDrawn = (root: ParentNode): boolean => root.querySelector(CONVERSATION_DRAWN) !== null;

/** Whether the live screen `root` is ready to replace a picture: no ticket open, or its conversation drawn. */
export const conversationSettled = (root: ParentNode): boolean =>
  root.querySelector('.pb-att-screen[data-has-ticket]') === null || conversationDrawn(root);

const messagesOf = (root: ParentNode) => root.querySelector<HTMLElement>('.pb-att-conversation-pane .pb-att-messages');

/** Whether the live conversation in `root` is taller than its pane (then it is scrolled, to its latest message). */
export function conversationOverflows(root: ParentNode): boolean {
  const messages = messagesOf(root);
  return messages !== null && messages.scrollHeight > messages.clientHeight + 1;
}

/**
 * A copy of the console with a ticket open, as its picture shows it: a conversation taller than its
 * pane pinned to its latest message, as a reopened one is drawn (a picture keeps no scroll position;
 * the scrolled end has no bottom padding), and no customer panel, which a start does not reopen.
 */
export function withConversation(root: ParentNode, overflowing: boolean): void {
  const screen = root.querySelector<HTMLElement>('.pb-att-screen');
  if (!screen) return;
  withoutPanel(screen);
  const messages = messagesOf(screen);
  if (!messages || !overflowing) return;
  Object.assign(messages.style, { display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', overflow: 'hidden', paddingBottom: '0' });
  for (const child of messages.children) (child as HTMLElement).style.flexShrink = '0';
}

/** Marks `ticketId`'s row as the open one in a picture drawn without it. */
export function markOpenTicket(root: ParentNode, ticketId: string): void {
  root.querySelector(`.pb-att-row[data-ticket-id="${CSS.escape(ticketId)}"]`)?.setAttribute('data-selected', '');
}
