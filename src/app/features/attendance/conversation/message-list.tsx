import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Text } from '@mantine/core';
import { t } from '../texts';
import type { ConversationItem } from '../model/conversation-items';
import type { MessageView, ReactionView } from '../model/types';
import { MessageBubble } from './message-bubble';
import { EmptyHint } from '../ui/empty-hint';
import { firstRenderedIndex, INITIAL_RENDER, RENDER_STEP } from './render-window';

export interface MessageListProps {
  /** Changes when another conversation opens: scroll resets to the latest message. */
  conversationKey: string;
  items: readonly ConversationItem[];
  parentOf: (id: MessageView['id']) => MessageView | undefined;
  reactionsOf: (id: MessageView['id']) => readonly ReactionView[] | undefined;
  loading: boolean;
  loadingOlder: boolean;
  hasOlder: boolean;
  onLoadOlder: () => void;
  search?: { query: string; hitIds: ReadonlySet<string>; currentId: string | null };
  /** Bumped to scroll a message into view (search hit, quoted parent). */
  focus?: { id: string; nonce: number } | null;
  offline: boolean;
  canAct: boolean;
  onReply: (m: MessageView) => void;
  onReact: (m: MessageView, emoji: string) => void;
  onRetry: (m: MessageView) => void;
  onJumpTo: (id: MessageView['id']) => void;
}

const NEAR_TOP_PX = 240;
const NEAR_BOTTOM_PX = 120;

/**
 * The conversation, newest at the bottom. Only the latest messages are rendered at first; scrolling
 * up renders earlier ones in steps, then asks for older history. Each growth at the top keeps the
 * visible message where it was; new messages keep the view at the bottom if it was there.
 */
export function MessageList(props: MessageListProps) {
  const { items, conversationKey, focus } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastTop = useRef(0);
  /** Set by the reader's own input: layout and pinning scroll the view too, and must not load history. */
  const userInput = useRef(false);
  const restore = useRef<{ height: number; top: number } | null>(null);
  const [firstKey, setFirstKey] = useState<string | null>(null);
  const [shownKey, setShownKey] = useState(conversationKey);
  const [reactingId, setReactingId] = useState<MessageView['id'] | null>(null);
  const toggleReact = useCallback((id: MessageView['id'] | null) => setReactingId(id), []);

  if (shownKey !== conversationKey) {
    setShownKey(conversationKey);
    setFirstKey(null);
    atBottom.current = true;
    userInput.current = false;
  }

  const start = firstRenderedIndex(items, firstKey, INITIAL_RENDER);
  const lastKey = items[items.length - 1]?.key;
  const startKey = items[start]?.key ?? null;

  // Pin the first rendered line, so a new message at the bottom does not push one out at the top.
  useEffect(() => {
    if (firstKey === null && startKey !== null) setFirstKey(startKey);
  }, [firstKey, startKey]);

  const revealEarlier = useCallback(
    (toIndex?: number) => {
      const el = scroller.current;
      if (!el) return;
      restore.current = { height: el.scrollHeight, top: el.scrollTop };
      const next = Math.max(0, Math.min(toIndex ?? start - RENDER_STEP, start - RENDER_STEP));
      setFirstKey(items[next]?.key ?? null);
    },
    [items, start],
  );

  const checkTop = useCallback(() => {
    const el = scroller.current;
    if (!el || el.scrollTop > NEAR_TOP_PX) return;
    if (start > 0) revealEarlier();
    else if (props.hasOlder && !props.loadingOlder && items.length > 0) {
      restore.current = { height: el.scrollHeight, top: el.scrollTop };
      props.onLoadOlder();
    }
  }, [start, revealEarlier, props, items.length]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    const movedUp = el.scrollTop < lastTop.current;
    lastTop.current = el.scrollTop;
    if (movedUp && userInput.current) checkTop();
  }, [checkTop]);
  const onUserInput = useCallback(() => {
    userInput.current = true;
  }, []);

  // Keep the reader's place when content grows above, or stay pinned to the latest message.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const pending = restore.current;
    if (pending && el.scrollHeight !== pending.height) {
      el.scrollTop = pending.top + (el.scrollHeight - pending.height);
      restore.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    lastTop.current = el.scrollTop;
  }, [start, lastKey, items.length, conversationKey]);

  // Older history that arrived while the reader is at the top is revealed without a scroll event.
  useEffect(() => {
    const el = scroller.current;
    if (el && userInput.current && el.scrollTop <= NEAR_TOP_PX && start > 0 && !atBottom.current) revealEarlier();
  }, [items.length, start, revealEarlier]);

  // Late-loading images change heights: stay at the bottom if that is where the reader was.
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
      lastTop.current = el.scrollTop;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!focus) return;
    const index = items.findIndex((item) => item.kind === 'message' && String(item.message.id) === focus.id);
    if (index === -1) return;
    if (index < start) {
      revealEarlier(Math.max(0, index - 5));
      return;
    }
    document.getElementById(`msg-${focus.id}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    atBottom.current = false;
    // revealEarlier re-runs this effect through `start`, which then scrolls to the target.
  }, [focus, items, start, revealEarlier]);

  if (props.loading && items.length === 0) {
    return (
      <Center className="pb-att-messages" role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed" ml={8}>
          {t.loadingMessages}
        </Text>
      </Center>
    );
  }
  if (items.length === 0) {
    return (
      <div className="pb-att-messages">
        <EmptyHint title={t.noMessages} hint={t.noMessagesHint} icon="note" />
      </div>
    );
  }

  const { search } = props;
  return (
    <div
      ref={scroller}
      className="pb-att-messages"
      onScroll={onScroll}
      onWheel={onUserInput}
      onTouchStart={onUserInput}
      onPointerDown={onUserInput}
      onKeyDown={onUserInput}
      role="log"
      aria-label={t.messages}
    >
      <div ref={content}>
        {(start > 0 || props.hasOlder || props.loadingOlder) && (
          <Center py={6} role="status">
            {props.loadingOlder ? (
              <Loader size="xs" aria-label={t.loadingMessages} />
            ) : (
              <Button size="compact-xs" variant="subtle" onClick={() => (start > 0 ? revealEarlier() : props.onLoadOlder())}>
                {t.loadOlder}
              </Button>
            )}
          </Center>
        )}
        {items.slice(start).map((item) => {
          if (item.kind === 'day') {
            return (
              <div key={item.key} className="pb-att-day" role="separator" aria-label={item.label}>
                <span>{item.label}</span>
              </div>
            );
          }
          const m = item.message;
          const id = String(m.id);
          return (
            <MessageBubble
              key={item.key}
              message={m}
              out={item.out}
              grouped={item.grouped}
              parent={m.parent_id != null ? props.parentOf(m.parent_id) : undefined}
              reactions={props.reactionsOf(m.id)}
              highlight={search?.query}
              hit={search?.hitIds.has(id)}
              currentHit={search?.currentId === id}
              offline={props.offline}
              canAct={props.canAct}
              onReply={props.onReply}
              onReact={props.onReact}
              onRetry={props.onRetry}
              onJumpTo={props.onJumpTo}
              reacting={reactingId !== null && String(reactingId) === id}
              onToggleReact={toggleReact}
            />
          );
        })}
      </div>
    </div>
  );
}
