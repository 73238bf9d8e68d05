import { notifications } from '@mantine/notifications';
import { formatPhone } from '../../../../shared/domain/phone';
import { connection } from '../../../../shared/i18n/pt-BR';
import { t } from '../texts';
import type { InstanceSummary } from '../model/instance';

/** SPEC §8: the drop notice is red and stays 6 seconds. */
export const CONNECTION_DROPPED_NOTICE_MS = 6_000;

export function connectionDroppedNotice(instance: InstanceSummary): { title: string; message: string } {
  const phone = instance.phone_number ? formatPhone(instance.phone_number) : t.noNumber;
  return { title: connection.droppedTitle, message: connection.droppedMessage(instance.name, phone) };
}

export function showConnectionDropped(instance: InstanceSummary): void {
  notifications.show({
    id: `connection-dropped-${instance.id}`,
    color: 'red',
    autoClose: CONNECTION_DROPPED_NOTICE_MS,
    withBorder: true,
    ...connectionDroppedNotice(instance),
  });
}
