import { useMemo } from 'react';
import { pickableInboxTicketId, type InboxSettings } from '../../../../shared/domain/tickets';
import type { RecordId, TicketView } from '../model/types';
import type { AttendanceContext } from './use-attendance-context';

/**
 * Which inbox ticket the viewer may pick (SPEC §4): with the older-inbox-chats-first setting on,
 * a non-admin department user only the oldest non-favorite one; 'any' otherwise.
 */
export function usePickable(
  ctx: AttendanceContext,
  inboxTickets: readonly TicketView[],
  settings: InboxSettings = {},
): RecordId | 'any' | null {
  const { roleName, departmentId } = ctx.viewer;
  const setting = settings.older_inbox_chats_first ?? null;
  const favoritesWait = settings.older_inbox_chats_obligatorie_in_first ?? null;
  return useMemo(
    () =>
      pickableInboxTicketId(inboxTickets, { roleName, departmentId }, { older_inbox_chats_first: setting, older_inbox_chats_obligatorie_in_first: favoritesWait }),
    [inboxTickets, roleName, departmentId, setting, favoritesWait],
  );
}
