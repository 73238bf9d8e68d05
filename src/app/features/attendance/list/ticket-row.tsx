import { memo } from 'react';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import type { TicketRowData } from './ticket-row-model';

export const TICKET_ROW_HEIGHT = 84;

export interface TicketRowProps {
  row: TicketRowData;
  selected: boolean;
  onOpen: (id: TicketRowData['id']) => void;
}

const AVATAR_COLORS = ['blue', 'cyan', 'grape', 'green', 'indigo', 'lime', 'orange', 'pink', 'red', 'teal', 'violet', 'yellow'] as const;

/** A stable colour per name, so a customer keeps the same avatar colour everywhere. */
export function avatarColor(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) hash = (hash * 31 + name.charCodeAt(i)) | 0;
  return AVATAR_COLORS[Math.abs(hash) % AVATAR_COLORS.length] ?? 'blue';
}

/**
 * One ticket of the list. Plain elements styled by attendance.css rather than Mantine components:
 * rows mount on every scroll frame, and this keeps a frame's work to a few microseconds per row.
 */
function TicketRowImpl({ row, selected, onOpen }: TicketRowProps) {
  const color = avatarColor(row.name);
  const meta = [row.phone, row.protocol ? t.protocol(row.protocol) : null].filter(Boolean).join(' · ');
  return (
    <button
      type="button"
      className="pb-att-row"
      data-ticket-id={row.id}
      data-selected={selected || undefined}
      data-unseen={row.unseen > 0 || undefined}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${row.name}${row.unseen > 0 ? `, ${t.unseen(row.unseen)}` : ''}`}
      onClick={() => onOpen(row.id)}
      style={{ height: TICKET_ROW_HEIGHT }}
    >
      <span
        className="pb-att-avatar"
        style={{
          background: `var(--mantine-color-${color}-light)`,
          color: `var(--mantine-color-${color}-light-color)`,
          boxShadow: row.group ? `0 0 0 2px ${row.group.color}` : undefined,
        }}
        aria-hidden="true"
      >
        {row.image ? <img src={row.image} alt="" loading="lazy" /> : row.initials}
      </span>
      <span className="pb-att-row-body">
        <span className="pb-att-line">
          <span className="pb-att-name">{row.name}</span>
          {row.favorite && (
            <span className="pb-att-star" title={t.favorite}>
              <Icon name="star" size={14} filled />
              <span className="pb-att-sr">{t.favorite}</span>
            </span>
          )}
          {row.group && (
            <span className="pb-att-chip pb-att-chip-dot" style={{ ['--dot' as string]: row.group.color }}>
              {row.group.name}
            </span>
          )}
          <span className="pb-att-time" title={row.timeTitle}>
            {row.time}
          </span>
        </span>
        <span className="pb-att-line">
          <span className="pb-att-preview">{row.preview || '\u00a0'}</span>
          {row.notResponded && <span className="pb-att-chip pb-att-chip-warn">{t.notResponded}</span>}
          {row.unseen > 0 && (
            <span className="pb-att-unseen" aria-label={t.unseen(row.unseen)}>
              {row.unseen > 99 ? '99+' : row.unseen}
            </span>
          )}
        </span>
        <span className="pb-att-line pb-att-meta">
          <span className="pb-att-meta-text">{meta}</span>
          {row.attendant && (
            <span className="pb-att-attendant" title={`${t.attendant}: ${row.attendant}`}>
              <Icon name="user" size={12} />
              <span>{row.attendant}</span>
            </span>
          )}
          {row.pickBlockReason && (
            <span className="pb-att-blocked" title={row.pickBlockReason} aria-label={`${t.notPickable}: ${row.pickBlockReason}`}>
              <Icon name="lock" size={14} />
            </span>
          )}
        </span>
      </span>
    </button>
  );
}

/** Rows re-render only when their own data or selection changes, which keeps scrolling cheap. */
export const TicketRow = memo(TicketRowImpl);
