import { useCallback, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { GraphqlRequestError } from '../../../api/request-error';
import { showRequestError } from '../../../ui/notifications/show-request-error';
import { t } from '../texts';
import type { TicketView } from '../model/types';
import type { TransferTarget, PendingTransfer } from '../lifecycle/transfer-modal';
import type { CloseTicketInput } from '../lifecycle/close-ticket-modal';
import {
  ALREADY_PICKED,
  cancelTransfer,
  confirmTransfer,
  createTransfer,
  finishTicket,
  pickTicket,
  setTicketResearch,
  transferToDepartment,
} from '../api/attendance-operations';
import { attendanceActions } from '../state/attendance-store';
import { ownTransferNotice } from '../model/transfer-notices';

export interface TicketActions {
  busy: boolean;
  pending: PendingTransfer | null;
  pick: () => Promise<void>;
  transfer: (target: TransferTarget) => Promise<void>;
  confirmPending: () => Promise<void>;
  cancelPending: () => Promise<void>;
  close: (input: CloseTicketInput) => Promise<void>;
  toggleResearch: () => Promise<void>;
}

/** Lifecycle mutations of the open ticket (SPEC §4); the list and header follow from replication. */
export function useTicketActions(tenant: string, ticket: TicketView | null, customerName: string): TicketActions {
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingTransfer | null>(null);
  const id = ticket ? String(ticket.id) : null;

  const run = useCallback(async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } catch {
      // gqlRequest already showed the error (SPEC §8); the screen stays as it was.
    } finally {
      setBusy(false);
    }
  }, []);

  const pick = useCallback(async () => {
    if (!id) return;
    setBusy(true);
    try {
      await pickTicket(tenant, id);
      notifications.show({ color: 'teal', title: t.pickedTitle, message: t.pickedMessage });
      attendanceActions.setTab('my_chats');
    } catch (error) {
      if (error instanceof GraphqlRequestError && error.code === ALREADY_PICKED) {
        notifications.show({ color: 'orange', title: t.pickConflictTitle, message: t.pickConflictMessage, autoClose: 8000 });
        attendanceActions.select(null);
      } else if (error instanceof GraphqlRequestError) {
        showRequestError(error);
      }
    } finally {
      setBusy(false);
    }
  }, [tenant, id]);

  const transfer = useCallback(
    (target: TransferTarget) =>
      run(async () => {
        if (!id) return;
        if (target.kind === 'department') {
          await transferToDepartment(tenant, id, target.departmentId);
          attendanceActions.openModal(null);
          return;
        }
        const created = await createTransfer(tenant, id, target.userId, ticket?.user_id != null ? String(ticket.user_id) : null);
        setPending({ id: String(created.id), nextUserName: created.nextUser?.name ?? target.name });
      }),
    [run, tenant, id, ticket?.user_id],
  );

  const confirmPending = useCallback(
    () =>
      run(async () => {
        if (!pending) return;
        await confirmTransfer(tenant, pending.id);
        setPending(null);
        attendanceActions.openModal(null);
        if (id) attendanceActions.pushNotice(ownTransferNotice(id, customerName, pending.nextUserName, Date.now()));
      }),
    [run, tenant, pending, id, customerName],
  );

  const cancelPending = useCallback(
    () =>
      run(async () => {
        if (!pending) return;
        await cancelTransfer(tenant, pending.id);
        setPending(null);
      }),
    [run, tenant, pending],
  );

  const close = useCallback(
    (input: CloseTicketInput) =>
      run(async () => {
        if (!id) return;
        await finishTicket(tenant, id, input.reasonId, input.note);
        attendanceActions.openModal(null);
        notifications.show({ color: 'teal', title: t.closedTitle, message: t.closedMessage });
      }),
    [run, tenant, id],
  );

  const toggleResearch = useCallback(
    () =>
      run(async () => {
        if (!id) return;
        await setTicketResearch(tenant, id, !ticket?.is_research);
      }),
    [run, tenant, id, ticket?.is_research],
  );

  return { busy, pending, pick, transfer, confirmPending, cancelPending, close, toggleResearch };
}
