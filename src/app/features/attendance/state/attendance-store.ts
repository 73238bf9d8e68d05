import { proxy, subscribe } from 'valtio';
import type { TicketTab } from '../model/types';
import { addNotice, removeNotice, type TransferNotice } from '../model/transfer-notices';
import { readPersistedView, writePersistedView } from './persisted-view';

export type SidePanel = 'customer' | 'history' | null;

/**
 * UI-only state of the attendance console (DESIGN §6: valtio for UI state, data stays in RxDB).
 * The list position survives a reload through sessionStorage, so an attendant who reloads (or
 * whose browser reloads offline) lands on the same ticket.
 */
export interface AttendanceUiState {
  tab: TicketTab;
  isCampaign: boolean;
  search: string;
  /** The list's category filter (ids); empty: every ticket. */
  categoryIds: string[];
  selectedId: string | null;
  panel: SidePanel;
  commentMode: boolean;
  /** Reply target per ticket (message id). */
  replyTo: Record<string, string>;
  messageSearch: { open: boolean; query: string; index: number };
  /** Bumped to scroll a message into view. */
  focus: { id: string; nonce: number } | null;
  /** A previous ticket chosen in the history: the conversation scrolls to its first message. */
  jump: { ticketId: string; nonce: number } | null;
  notices: TransferNotice[];
  /** Notices fading out before removal (SPEC §9: 300 ms). */
  leaving: string[];
  modal: 'transfer' | 'close' | 'flow' | null;
}

export const initialAttendanceUi = (): AttendanceUiState => ({
  tab: 'inbox',
  isCampaign: false,
  search: '',
  categoryIds: [],
  selectedId: null,
  panel: null,
  commentMode: false,
  replyTo: {},
  messageSearch: { open: false, query: '', index: 0 },
  focus: null,
  jump: null,
  notices: [],
  leaving: [],
  modal: null,
  ...readPersistedView(),
});

export const attendanceUi = proxy<AttendanceUiState>(initialAttendanceUi());

subscribe(attendanceUi, () => {
  const { tab, isCampaign, selectedId } = attendanceUi;
  writePersistedView({ tab, isCampaign, selectedId });
});

export const NOTICE_REMOVAL_MS = 300;

export const attendanceActions = {
  setTab(tab: TicketTab) {
    attendanceUi.tab = tab;
  },
  setCampaign(isCampaign: boolean) {
    attendanceUi.isCampaign = isCampaign;
  },
  setSearch(search: string) {
    attendanceUi.search = search;
  },
  setCategories(ids: string[]) {
    attendanceUi.categoryIds = ids;
  },
  select(id: string | null) {
    if (attendanceUi.selectedId === id) return;
    attendanceUi.selectedId = id;
    attendanceUi.messageSearch = { open: false, query: '', index: 0 };
    attendanceUi.focus = null;
    attendanceUi.jump = null;
    attendanceUi.commentMode = false;
  },
  openPanel(panel: SidePanel) {
    attendanceUi.panel = panel;
  },
  setCommentMode(on: boolean) {
    attendanceUi.commentMode = on;
  },
  setReplyTo(ticketId: string, messageId: string | null) {
    if (messageId === null) delete attendanceUi.replyTo[ticketId];
    else attendanceUi.replyTo[ticketId] = messageId;
  },
  openMessageSearch(open: boolean) {
    attendanceUi.messageSearch = { open, query: '', index: 0 };
  },
  setMessageSearch(query: string) {
    attendanceUi.messageSearch.query = query;
    attendanceUi.messageSearch.index = 0;
  },
  stepMessageSearch(step: number, total: number) {
    if (total === 0) return;
    const s = attendanceUi.messageSearch;
    s.index = (s.index + step + total) % total;
  },
  focusMessage(id: string) {
    attendanceUi.focus = { id, nonce: (attendanceUi.focus?.nonce ?? 0) + 1 };
  },
  jumpToTicket(ticketId: string) {
    attendanceUi.jump = { ticketId, nonce: (attendanceUi.jump?.nonce ?? 0) + 1 };
  },
  jumpDone() {
    attendanceUi.jump = null;
  },
  openModal(modal: AttendanceUiState['modal']) {
    attendanceUi.modal = modal;
  },
  pushNotice(notice: TransferNotice) {
    attendanceUi.notices = addNotice(attendanceUi.notices, notice);
    attendanceUi.leaving = attendanceUi.leaving.filter((id) => id !== notice.ticketId);
  },
  /** Fades the notice out, then removes it; each notice is cleared on its own. */
  clearNotice(ticketId: string, schedule: (fn: () => void, ms: number) => unknown = setTimeout) {
    if (attendanceUi.leaving.includes(ticketId)) return;
    attendanceUi.leaving.push(ticketId);
    schedule(() => {
      attendanceUi.notices = removeNotice(attendanceUi.notices, ticketId);
      attendanceUi.leaving = attendanceUi.leaving.filter((id) => id !== ticketId);
    }, NOTICE_REMOVAL_MS);
  },
};
