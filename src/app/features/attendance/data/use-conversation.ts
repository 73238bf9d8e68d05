import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMessages } from '../../../data/hooks';
import { loadOlderMessages } from '../../../data/actions';
import { searchMessages } from '../../../../shared/domain/messages';
import { buildConversationItems, reactionsByMessage, type ConversationItem } from '../model/conversation-items';
import type { MessageView, ReactionView, TicketView } from '../model/types';
import { dayKey } from '../../../../shared/domain/datetime';
import { whenIdle } from '../ui/when-idle';

/** Messages read per local window; scrolling past them widens it, then asks the server. */
const WINDOW = 200;

/**
 * Messages read when a conversation opens: a few more than the lines first rendered (render-window.ts),
 * so the opening reads and decodes a quarter of a window; the window widens once they are on screen
 * and the page is idle (search and quoted replies then reach as far back as before).
 */
export const OPENING_WINDOW = 50;

export interface Conversation {
  /** Whether the local database has answered (until then there are no messages to show). */
  loaded: boolean;
  messages: readonly MessageView[];
  items: readonly ConversationItem[];
  parentOf: (id: MessageView['id']) => MessageView | undefined;
  reactionsOf: (id: MessageView['id']) => readonly ReactionView[] | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  /** Search hits, newest first. */
  hits: readonly MessageView[];
}

type Message = MessageView & { reactions?: readonly ReactionView[] };

const NO_MESSAGES: readonly Message[] = [];

/** The open ticket's conversation: the customer's messages on this connection, live from the local database. */
export function useConversation(ticket: TicketView | null, instanceId: string | null, query: string, now: number): Conversation {
  const customerId = ticket ? String(ticket.customer_id) : null;
  const [limit, setLimit] = useState(OPENING_WINDOW);
  const [exhausted, setExhausted] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [shownFor, setShownFor] = useState(customerId);
  if (shownFor !== customerId) {
    setShownFor(customerId);
    setLimit(OPENING_WINDOW);
    setLoadingOlder(false);
  }
  const answered = useMessages(customerId, instanceId, limit) as readonly Message[] | null;
  const messages = answered ?? NO_MESSAGES;
  const loaded = answered !== null;
  useEffect(() => {
    if (loaded && limit < WINDOW) return whenIdle(() => setLimit((l) => Math.max(l, WINDOW)));
  }, [loaded, limit]);
  const today = dayKey(now);

  // Day headings only change with the messages or when the day turns ('Hoje' becomes 'Ontem').
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const items = useMemo(() => buildConversationItems(messages, now), [messages, today]);
  const byId = useMemo(() => new Map(messages.map((m) => [String(m.id), m as MessageView])), [messages]);
  const reactions = useMemo(() => reactionsByMessage(messages.flatMap((m) => m.reactions ?? [])), [messages]);

  const customerRef = useRef(customerId);
  customerRef.current = customerId;
  const loadOlder = useCallback(() => {
    if (!customerId || !instanceId || loadingOlder) return;
    if (messages.length >= limit) {
      setLimit((l) => l + WINDOW);
      return;
    }
    setLoadingOlder(true);
    loadOlderMessages(customerId, instanceId)
      .then((count) => {
        if (customerRef.current !== customerId) return;
        if (count === 0) setExhausted(customerId);
        else setLimit((l) => Math.max(l, messages.length + count));
      })
      .catch(() => undefined)
      .finally(() => {
        if (customerRef.current === customerId) setLoadingOlder(false);
      });
  }, [customerId, instanceId, loadingOlder, messages.length, limit]);

  useEffect(() => setExhausted((e) => (e === customerId ? e : null)), [customerId]);

  // A conversation shorter than the opening window may be all there is (a brand-new customer):
  // ask the server once, when idle, so the offer to load older messages only stays when there are some.
  const probed = useRef<string | null>(null);
  const short = loaded && messages.length < OPENING_WINDOW;
  useEffect(() => {
    if (!short || !customerId || probed.current === customerId || exhausted === customerId) return;
    return whenIdle(() => {
      probed.current = customerId;
      loadOlder();
    }, 1000);
  }, [short, customerId, exhausted, loadOlder]);

  const hits = useMemo(
    () => (customerId && query.trim() ? searchMessages(messages, query, { customer_id: customerId, instance_id: instanceId }).reverse() : []),
    [messages, query, customerId, instanceId],
  );

  return {
    loaded,
    messages,
    items,
    parentOf: useCallback((id) => byId.get(String(id)), [byId]),
    reactionsOf: useCallback((id) => reactions.get(String(id)), [reactions]),
    hasOlder: exhausted !== customerId,
    loadingOlder,
    loadOlder,
    hits,
  };
}
