import type { TicketTab } from '../model/types';

/**
 * The attendance list position that survives a reload (sessionStorage): which tab and kind, and the
 * open ticket. Its own module because the stored screen's boot script reads it before the app loads.
 */
export interface PersistedView {
  tab: TicketTab;
  isCampaign: boolean;
  selectedId: string | null;
}

export const PERSISTED_VIEW_KEY = 'pedbot.attendance';

export function readPersistedView(): Partial<PersistedView> {
  try {
    const raw = globalThis.sessionStorage?.getItem(PERSISTED_VIEW_KEY);
    return raw ? (JSON.parse(raw) as Partial<PersistedView>) : {};
  } catch {
    return {};
  }
}

export function writePersistedView(view: PersistedView): void {
  try {
    globalThis.sessionStorage?.setItem(PERSISTED_VIEW_KEY, JSON.stringify(view));
  } catch {
    // Storage can be full or blocked (private mode); the position is a convenience only.
  }
}
