import { memo } from 'react';
import { Button } from '@mantine/core';
import { formatTime, formatTimestamp } from '../../../../shared/domain/datetime';
import { stripMarkup } from '../../../../shared/domain/markup';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import { ackState, isComment, textOf } from '../model/conversation-items';
import type { MessageView, ReactionView } from '../model/types';
import { AckTicks } from './ack-ticks';
import { MessageContent } from './message-content';

export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

export interface MessageBubbleProps {
  message: MessageView;
  out: boolean;
  grouped: boolean;
  /** The replied-to message; undefined while it is not in the local database. */
  parent?: MessageView | null;
  reactions?: readonly ReactionView[];
  highlight?: string;
  hit?: boolean;
  currentHit?: boolean;
  /** Show 'aguardando conexão' as text, not just the clock (the app is offline). */
  offline?: boolean;
  /** Reply and react are offered (the viewer holds the ticket). */
  canAct?: boolean;
  onReply?: (message: MessageView) => void;
  onReact?: (message: MessageView, emoji: string) => void;
  onRetry?: (message: MessageView) => void;
  onJumpTo?: (id: MessageView['id']) => void;
  /** This message's reaction bar is open. */
  reacting?: boolean;
  onToggleReact?: (id: MessageView['id'] | null) => void;
}

function quoteText(m: MessageView): string {
  const text = stripMarkup(textOf(m)).trim();
  if (text) return text;
  const byType: Record<string, string> = { image: t.image, sticker: t.sticker, audio: t.audio, ptt: t.audio, document: m.document_name || t.document };
  return byType[m.type] ?? '';
}

/** The quick reactions, shown in place for the one message being reacted to. */
function ReactionBar({ message, onReact, onClose }: { message: MessageView; onReact: (m: MessageView, e: string) => void; onClose: () => void }) {
  return (
    <div
      className="pb-att-reaction-bar"
      role="group"
      aria-label={t.react}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      {QUICK_REACTIONS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          aria-label={`${t.react} ${emoji}`}
          onClick={() => {
            onClose();
            onReact(message, emoji);
          }}
        >
          {emoji}
        </button>
      ))}
    </div>
  );
}

function MessageBubbleImpl(props: MessageBubbleProps) {
  const { message, out, grouped, parent, reactions = [], highlight = '' } = props;
  const comment = isComment(message);
  const state = out && !comment ? ackState(message) : null;
  const deleted = !!message.whatsapp_deleted_at;
  return (
    <div
      className="pb-att-msg"
      id={`msg-${message.id}`}
      data-out={out || undefined}
      data-comment={comment || undefined}
      data-bot={message.is_bot_message || undefined}
      data-grouped={grouped || undefined}
      data-hit={props.hit || undefined}
      data-current-hit={props.currentHit || undefined}
      data-reacted={reactions.length > 0 || undefined}
      data-hash={message.hash}
      role="article"
      aria-label={comment ? t.internalComment : undefined}
    >
      <div className="pb-att-bubble">
        {comment && (
          <div className="pb-att-bubble-tag">
            <Icon name="lock" size={12} /> {t.internalComment}
          </div>
        )}
        {message.is_bot_message && (
          <div className="pb-att-bubble-tag">
            <Icon name="robot" size={12} /> {t.botMessage}
          </div>
        )}
        {deleted && (
          <div className="pb-att-bubble-tag pb-att-bubble-deleted" title={formatTimestamp(message.whatsapp_deleted_at)}>
            <Icon name="trash" size={12} /> {t.deletedOnWhatsapp}
          </div>
        )}
        {message.parent_id != null && (
          <button
            type="button"
            className="pb-att-quote"
            aria-label={`${t.replyTo}: ${parent ? quoteText(parent) : '…'}`}
            onClick={() => message.parent_id != null && props.onJumpTo?.(message.parent_id)}
          >
            <span style={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
              {parent ? quoteText(parent) : '…'}
            </span>
          </button>
        )}
        <div style={deleted ? { opacity: 0.7 } : undefined}>
          <MessageContent message={message} highlight={highlight} />
        </div>
        <span className="pb-att-bubble-meta">
          {state === 'waiting' && props.offline && <span>{t.ack.waiting}</span>}
          <time dateTime={message.sent_at} title={formatTimestamp(message.sent_at)}>
            {formatTime(message.sent_at)}
          </time>
          {state && <AckTicks state={state} reason={message.failure_reason} />}
        </span>
        {reactions.length > 0 && (
          <span className="pb-att-reactions" aria-label={`Reações: ${reactions.map((r) => r.reaction_text).join(' ')}`}>
            {reactions.map((r) => (
              <span key={String(r.id)}>{r.reaction_text}</span>
            ))}
          </span>
        )}
        {state === 'failed' && props.onRetry && (
          <Button size="compact-xs" variant="light" color="red" mt={4} onClick={() => props.onRetry?.(message)}>
            {t.retry}
          </Button>
        )}
      </div>
      {props.canAct && !comment && (
        <div className="pb-att-msg-actions">
          <button type="button" className="pb-att-icon-btn" aria-label={t.reply} title={t.reply} onClick={() => props.onReply?.(message)}>
            <Icon name="reply" size={16} />
          </button>
          {props.onReact && !message.is_temp && (
            <button
              type="button"
              className="pb-att-icon-btn"
              aria-label={t.react}
              title={t.react}
              aria-expanded={props.reacting === true}
              onClick={() => props.onToggleReact?.(props.reacting ? null : message.id)}
            >
              <Icon name="smile" size={16} />
            </button>
          )}
        </div>
      )}
      {props.reacting && props.onReact && (
        <ReactionBar message={message} onReact={props.onReact} onClose={() => props.onToggleReact?.(null)} />
      )}
    </div>
  );
}

export const MessageBubble = memo(MessageBubbleImpl);
