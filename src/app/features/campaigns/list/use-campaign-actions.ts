import { notifications } from '@mantine/notifications';
import { confirmDanger, useGqlMutation, type RowAction } from '../../../ui/admin';
import { CANCEL_CAMPAIGN, PAUSE_CAMPAIGN, RESUME_CAMPAIGN, START_CAMPAIGN, type CampaignRow } from '../api/campaign-operations';
import { t } from '../texts';

const INVALIDATES = ['campaigns'] as const;
const done = (message: string) => notifications.show({ color: 'teal', title: t.done, message });

/** Start, pause (confirmed), resume and cancel (confirmed, for good) of a campaign, as its status allows. */
export function useCampaignActions() {
  const start = useGqlMutation(START_CAMPAIGN, { invalidates: INVALIDATES });
  const pause = useGqlMutation(PAUSE_CAMPAIGN, { invalidates: INVALIDATES });
  const resume = useGqlMutation(RESUME_CAMPAIGN, { invalidates: INVALIDATES });
  const cancel = useGqlMutation(CANCEL_CAMPAIGN, { invalidates: INVALIDATES });
  const quiet = () => undefined;

  const askPause = async (c: CampaignRow) => {
    const q = t.actions.confirmPause;
    if (!(await confirmDanger({ title: q.title, message: q.message(c.name), confirmLabel: q.confirm }))) return;
    await pause.mutateAsync({ id: c.id }).then(() => done(t.actions.paused), quiet);
  };
  const askCancel = async (c: CampaignRow) => {
    const q = t.actions.confirmCancel;
    if (!(await confirmDanger({ title: q.title, message: q.message(c.name), confirmLabel: q.confirm, cancelLabel: 'Voltar' }))) return;
    await cancel.mutateAsync({ id: c.id }).then(() => done(t.actions.cancelled), quiet);
  };

  /** The lifecycle actions a campaign in this status offers. */
  const actionsOf = (c: CampaignRow): RowAction[] => {
    const list: RowAction[] = [];
    if (c.status === 'rascunho') {
      list.push({ label: t.actions.start, onClick: () => void start.mutateAsync({ id: c.id }).then(() => done(t.actions.started), quiet) });
    }
    if (c.status === 'enviando') list.push({ label: t.actions.pause, onClick: () => void askPause(c) });
    if (c.status === 'pausada') list.push({ label: t.actions.resume, onClick: () => void resume.mutateAsync({ id: c.id }).then(() => done(t.actions.resumed), quiet) });
    if (c.status === 'agendada' || c.status === 'enviando' || c.status === 'pausada') list.push({ label: t.actions.cancel, danger: true, onClick: () => void askCancel(c) });
    return list;
  };
  const pending = start.isPending || pause.isPending || resume.isPending || cancel.isPending;
  return { actionsOf, pending, start };
}
