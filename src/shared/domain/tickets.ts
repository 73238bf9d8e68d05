import type { Instant } from './datetime';
import { toEpochMs } from './datetime';
import type { Flag, RecordId } from './record';
import { compareIds, isSet, sameId } from './record';
import { ADMIN_ROLE } from './routes';

/** Ticket rules of SPEC §3, §4 and §9: tabs, attendance vs campaign, inbox visibility and pickup order. */

export const PAGE_SIZE = 10;
export const INITIAL_MESSAGES_PER_TICKET = 80;

/** The campaign whose tickets count as attendance (SPEC §9). */
export const PASSIVE_RESPONSE_CAMPAIGN = 'Resposta passiva';

export const PICK_OLDEST_FIRST_MESSAGE = 'Atenda primeiro o atendimento mais antigo da fila.';

/** The fields of a ChatTicket these rules read; records with more fields fit. */
export interface TicketLike {
  id: RecordId;
  user_id?: RecordId | null;
  finished_ticket?: Flag;
  inbox?: Flag;
  inbox_department_id?: RecordId | null;
  is_campaign?: Flag;
  campaign?: { name?: string | null } | null;
  customer?: { is_favorite?: Flag } | null;
  createdAt?: Instant | null;
  /** Time of the ticket's last message; the preview text comes from customerLastChat. */
  last_msg?: Instant | null;
}

export interface TicketViewer {
  roleName: string;
  departmentId?: RecordId | null;
}

export type TicketTab = 'closed' | 'opened' | 'my_chats' | 'inbox';

export type TicketKind = 'attendance' | 'campaign';

export const isClosedTicket = (ticket: TicketLike): boolean => isSet(ticket.finished_ticket);

export const isInboxTicket = (ticket: TicketLike): boolean => isSet(ticket.inbox) && !isClosedTicket(ticket);

export function isAttendanceTicket(ticket: TicketLike): boolean {
  return !isSet(ticket.is_campaign) || ticket.campaign?.name?.trim() === PASSIVE_RESPONSE_CAMPAIGN;
}

export const ticketKind = (ticket: TicketLike): TicketKind => (isAttendanceTicket(ticket) ? 'attendance' : 'campaign');

/**
 * The one tab a ticket belongs to, checked in this order: closed (finished_ticket set, whatever
 * the other flags say); inbox (waiting for pickup); my_chats (open and assigned to the viewer);
 * opened (open and assigned to someone else or to nobody, listed for roles that see everyone's).
 */
export function ticketTab(ticket: TicketLike, viewerUserId: RecordId | null | undefined): TicketTab {
  if (isClosedTicket(ticket)) return 'closed';
  if (isInboxTicket(ticket)) return 'inbox';
  return sameId(ticket.user_id, viewerUserId) ? 'my_chats' : 'opened';
}

export interface TabCombination {
  tab: TicketTab;
  /** The list's campaign filter: true lists campaign tickets, false attendance (passive response included). */
  is_campaign: boolean;
}

/** The seven list windows loaded first (SPEC §9), each at page 1 with PAGE_SIZE tickets. */
export const TAB_COMBINATIONS: readonly TabCombination[] = [
  { tab: 'inbox', is_campaign: false },
  { tab: 'inbox', is_campaign: true },
  { tab: 'my_chats', is_campaign: false },
  { tab: 'my_chats', is_campaign: true },
  { tab: 'opened', is_campaign: false },
  { tab: 'opened', is_campaign: true },
  { tab: 'closed', is_campaign: false },
];

export const matchesTabCombination = (
  ticket: TicketLike,
  combination: TabCombination,
  viewerUserId: RecordId | null | undefined,
): boolean => ticketTab(ticket, viewerUserId) === combination.tab && !isAttendanceTicket(ticket) === combination.is_campaign;

const isAdmin = (viewer: TicketViewer): boolean => viewer.roleName === ADMIN_ROLE;

const hasDepartment = (viewer: TicketViewer): boolean =>
  viewer.departmentId !== null && viewer.departmentId !== undefined;

/**
 * Inbox visibility (SPEC §4): administrador sees every inbox ticket; a user with a department only
 * those of that department; a user without one only those assigned to no department. Tickets
 * outside the inbox are not restricted by this rule, so it can filter a whole list.
 */
export function canSeeInboxTicket(ticket: TicketLike, viewer: TicketViewer): boolean {
  if (!isInboxTicket(ticket) || isAdmin(viewer)) return true;
  const department = ticket.inbox_department_id;
  if (hasDepartment(viewer)) return sameId(department, viewer.departmentId);
  return department === null || department === undefined;
}

export interface InboxSettings {
  /** The setting older_inbox_chats_first; settings store strings, so 'true' counts as on. */
  older_inbox_chats_first?: boolean | string | null;
  /**
   * The setting older_inbox_chats_obligatorie_in_first: with the order on, favorites wait their
   * turn too (the oldest inbox ticket, favorite or not, is the one to pick).
   */
  older_inbox_chats_obligatorie_in_first?: boolean | string | null;
}

/** A setting's switch: settings store strings, so 'true' (or '1') counts as on. */
export const isOn = (value: boolean | string | null | undefined): boolean =>
  value === true || (typeof value === 'string' && ['true', '1'].includes(value.trim().toLowerCase()));

const NEWEST = Number.POSITIVE_INFINITY;

/** Oldest first by createdAt (a ticket without one waits behind the others), then by id. */
function compareByAge(a: TicketLike, b: TicketLike): number {
  const timeA = toEpochMs(a.createdAt) ?? NEWEST;
  const timeB = toEpochMs(b.createdAt) ?? NEWEST;
  if (timeA !== timeB) return timeA < timeB ? -1 : 1;
  return compareIds(a.id, b.id);
}

/**
 * Which inbox ticket the viewer may pick up (SPEC §4 pickableInboxChat): 'any' when no order is
 * imposed (setting off, administrador, or a user without a department); otherwise the id of the
 * oldest non-favorite inbox ticket the viewer can see (favorites included when the order is
 * obligatory for them too), or null when there is none. As the spec reads, every other ticket,
 * favorites included, is then not pickable.
 */
export function pickableInboxTicketId(
  tickets: readonly TicketLike[],
  viewer: TicketViewer,
  settings: InboxSettings,
): RecordId | 'any' | null {
  if (!isOn(settings.older_inbox_chats_first) || isAdmin(viewer) || !hasDepartment(viewer)) return 'any';
  const favoritesWait = isOn(settings.older_inbox_chats_obligatorie_in_first);
  const candidates = tickets.filter(
    (ticket) => isInboxTicket(ticket) && canSeeInboxTicket(ticket, viewer) && (favoritesWait || !isSet(ticket.customer?.is_favorite)),
  );
  const [oldest] = [...candidates].sort(compareByAge);
  return oldest ? oldest.id : null;
}

export const isPickable = (ticket: TicketLike, pickable: RecordId | 'any' | null): boolean =>
  !isInboxTicket(ticket) || pickable === 'any' || sameId(ticket.id, pickable);

/** Why the viewer cannot pick this ticket up, or null when they can (or it is not in the inbox). */
export const pickBlockReason = (ticket: TicketLike, pickable: RecordId | 'any' | null): string | null =>
  isPickable(ticket, pickable) ? null : PICK_OLDEST_FIRST_MESSAGE;

const OLDEST = Number.NEGATIVE_INFINITY;

/**
 * Ticket lists: newest last message first (createdAt when there is no message yet; tickets with
 * neither go last), ties broken by the higher id so the order never depends on the input order.
 */
export function compareByLastMessage(a: TicketLike, b: TicketLike): number {
  const timeA = toEpochMs(a.last_msg) ?? toEpochMs(a.createdAt) ?? OLDEST;
  const timeB = toEpochMs(b.last_msg) ?? toEpochMs(b.createdAt) ?? OLDEST;
  if (timeA !== timeB) return timeA < timeB ? 1 : -1;
  return compareIds(b.id, a.id);
}

export interface TicketSeeingViewer extends TicketViewer {
  userId: RecordId;
}

/**
 * Who sees a ticket of a connection (SPEC §4; the server filters pulls, streams and queries with
 * it and the app may use it to hide a ticket at once). administrador sees every ticket. Anyone
 * else sees the tickets they hold, open or closed, and the inbox tickets canSeeInboxTicket allows;
 * tickets held by other attendants are theirs alone, so a transfer takes a ticket away from the
 * previous holder's list and a department change from the department's attendants.
 */
export function canSeeTicket(ticket: TicketLike, viewer: TicketSeeingViewer): boolean {
  if (isAdmin(viewer) || sameId(ticket.user_id, viewer.userId)) return true;
  return isInboxTicket(ticket) && canSeeInboxTicket(ticket, viewer);
}
