import { formatPhone } from '../../../../shared/domain/phone';
import { stripMarkup } from '../../../../shared/domain/markup';
import { relativeTime } from '../../../../shared/domain/relative-time';
import { formatTimestamp, type Instant } from '../../../../shared/domain/datetime';
import type { CustomerView, RecordId, TicketView } from '../model/types';
import { initialsOf } from '../../../../shared/domain/initials';

/** Everything one ticket row shows, already formatted: the row component only lays it out. */
export interface TicketRowData {
  id: RecordId;
  name: string;
  initials: string;
  image: string | null;
  phone: string;
  preview: string;
  time: string;
  timeTitle: string;
  unseen: number;
  favorite: boolean;
  group: { name: string; color: string } | null;
  attendant: string | null;
  notResponded: boolean;
  protocol: string | null;
  /** Why this inbox ticket cannot be picked now; null when it can (or it is not in the inbox). */
  pickBlockReason: string | null;
}

/** Display name: the customer's name, or the formatted phone when the name is unknown. */
export function customerDisplayName(customer: CustomerView | null | undefined): string {
  const name = customer?.name?.trim();
  if (name) return name;
  return formatPhone(customer?.phone_number) || 'Cliente';
}

export interface RowExtras {
  /** Name of the attendant holding the ticket (from the users reference set). */
  attendantName?: string | null;
  pickBlockReason?: string | null;
}

export function toTicketRow(
  ticket: TicketView,
  customer: CustomerView | null | undefined,
  now: Instant,
  extras: RowExtras = {},
): TicketRowData {
  const who = customer ?? ticket.customer ?? null;
  const name = who ? customerDisplayName(who) : ticket.customer_name?.trim() || customerDisplayName(null);
  const lastAt = ticket.last_msg ?? ticket.createdAt ?? null;
  const group = who?.group_of_customer;
  return {
    id: ticket.id,
    name,
    initials: initialsOf(name),
    image: who?.image || null,
    phone: formatPhone(who?.phone_number),
    preview: stripMarkup(ticket.last_msg_preview).replace(/\s+/g, ' ').trim(),
    time: relativeTime(lastAt, now),
    timeTitle: formatTimestamp(lastAt),
    unseen: Math.max(0, ticket.unseenMsg ?? 0),
    favorite: who?.is_favorite === true,
    group: group?.name ? { name: group.name, color: group.color_tag || 'gray' } : null,
    attendant: extras.attendantName ?? ticket.user?.name ?? null,
    notResponded: ticket.isNotResponded === true,
    protocol: ticket.protocol ?? null,
    pickBlockReason: extras.pickBlockReason ?? null,
  };
}
