import type { TicketTab } from '../model/types';
import { readJson, writeJson } from '../../../state/storage';

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

export const readPersistedView = (): Partial<PersistedView> => readJson<Partial<PersistedView>>('session', PERSISTED_VIEW_KEY) ?? {};

/** Storage full or blocked (private mode): the position is a convenience only, and writeJson says nothing. */
export const writePersistedView = (view: PersistedView): void => writeJson('session', PERSISTED_VIEW_KEY, view);
