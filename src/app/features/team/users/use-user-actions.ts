import { notifications } from '@mantine/notifications';
import { useSnapshot } from 'valtio';
import { clientIp } from '../../../api/client-ip';
import { sessionState } from '../../../state/session';
import { confirmDanger, useGqlMutation, type RowAction } from '../../../ui/admin';
import { DELETE_USER, DISCONNECT_USER, RESET_TWO_FACTOR, UNBLOCK_USER, type TeamUser } from '../api/team-operations';
import { t } from '../texts';

/** SPEC §6: user id 1 is the super attendant; a tenant admin may not delete them. */
const SUPER_ATTENDANT_ID = '1';

const done = (message: string) => notifications.show({ color: 'teal', title: 'Tudo certo!', message });

/** The row menu of the users list: edit, unblock, disconnect, two-factor reset, delete. */
export function useUserActions(onEdit: (user: TeamUser) => void): (user: TeamUser) => RowAction[] {
  const me = String(useSnapshot(sessionState).current?.user.id ?? '');
  const invalidates = ['users'] as const;
  const unblock = useGqlMutation(UNBLOCK_USER, { invalidates });
  const disconnect = useGqlMutation(DISCONNECT_USER, { invalidates });
  const resetTwoFactor = useGqlMutation(RESET_TWO_FACTOR, { invalidates });
  const remove = useGqlMutation(DELETE_USER, { invalidates: ['users', 'departments'] });

  return (user) => {
    const id = String(user.id);
    const actions: RowAction[] = [{ label: t.users.actions.edit, onClick: () => onEdit(user) }];
    if (user.state === 'blocked' || user.blocked_at) {
      actions.push({
        label: t.users.actions.unblock,
        onClick: () => void unblock.mutateAsync({ user_id: id }).then(() => done(t.users.done.unblocked(user.name)), () => undefined),
      });
    }
    if (id !== me) {
      actions.push({
        label: t.users.actions.disconnect,
        onClick: async () => {
          const c = t.users.confirmDisconnect;
          if (!(await confirmDanger({ title: c.title, message: c.message(user.name), confirmLabel: c.confirm }))) return;
          await disconnect
            .mutateAsync({ user_id: id, ip: await clientIp() })
            .then(() => done(t.users.done.disconnected(user.name)), () => undefined);
        },
      });
    }
    if (user.twofactor_activity) {
      actions.push({
        label: t.users.actions.resetTwoFactor,
        onClick: async () => {
          const c = t.users.confirmTwoFactor;
          if (!(await confirmDanger({ title: c.title, message: c.message(user.name), confirmLabel: c.confirm }))) return;
          await resetTwoFactor.mutateAsync({ user_id: id }).then(() => done(t.users.done.twoFactorReset(user.name)), () => undefined);
        },
      });
    }
    actions.push({
      label: t.users.actions.delete,
      danger: true,
      disabled: id === SUPER_ATTENDANT_ID || id === me,
      onClick: async () => {
        const c = t.users.confirmDelete;
        if (!(await confirmDanger({ title: c.title, message: c.message(user.name, user.open_tickets ?? 0), confirmLabel: c.confirm }))) return;
        await remove.mutateAsync({ id }).then(() => done(t.users.done.deleted(user.name)), () => undefined);
      },
    });
    return actions;
  };
}
