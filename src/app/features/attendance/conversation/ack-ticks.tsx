import { Icon, type IconName } from '../ui/icons';
import { t } from '../texts';
import type { AckState } from '../model/conversation-items';

const ICONS: Record<AckState, IconName> = {
  waiting: 'clock',
  sent: 'check',
  delivered: 'checks',
  read: 'checks',
  failed: 'alert',
};

/** The delivery mark of an outgoing message, with its name for screen readers and tooltips. */
export function AckTicks({ state, reason }: { state: AckState; reason?: string | null }) {
  const label = state === 'failed' && reason ? `${t.ack.failed}: ${reason}` : t.ack[state];
  return (
    <span className="pb-att-ack" data-state={state} role="img" aria-label={label} title={label}>
      <Icon name={ICONS[state]} size={state === 'waiting' || state === 'failed' ? 13 : 16} stroke={2} />
    </span>
  );
}
