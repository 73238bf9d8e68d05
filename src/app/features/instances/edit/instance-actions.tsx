import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { deleteInstance, restartInstance } from '../api/instance-operations';
import type { InstanceView } from '../model/instance';
import { t } from '../texts';

interface Props {
  tenant: string;
  instance: InstanceView;
  onRestarted: (instance: InstanceView) => void;
  onDeleted: () => void;
}

/** 'Reiniciar' (restartInstancePlugin) and 'Excluir' (deleteInstance, after a confirmation). */
export function InstanceActions({ tenant, instance, onRestarted, onDeleted }: Props) {
  const [busy, setBusy] = useState<'restart' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const restart = async () => {
    setBusy('restart');
    try {
      onRestarted(await restartInstance(tenant, instance.id));
      notifications.show({ color: 'teal', title: t.edit.restarted, message: instance.name });
    } catch {
      // The shared client showed the reason.
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      await deleteInstance(tenant, instance.id);
      setConfirming(false);
      notifications.show({ color: 'teal', title: t.edit.removed, message: instance.name });
      onDeleted();
    } catch {
      setConfirming(false);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t.edit.maintenanceTitle}
        </Title>
        <Group gap="sm">
          <Button variant="light" onClick={() => void restart()} loading={busy === 'restart'} aria-label={t.edit.restartLabel(instance.name)}>
            {t.edit.restart}
          </Button>
          <Button color="red" variant="light" onClick={() => setConfirming(true)} aria-label={t.edit.removeLabel(instance.name)}>
            {t.edit.remove}
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t.edit.removeTitle} centered>
        <Stack gap="md">
          <Text>{t.edit.removeConfirm(instance.name)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              {t.edit.cancel}
            </Button>
            <Button color="red" onClick={() => void remove()} loading={busy === 'delete'}>
              {t.edit.removeConfirmButton}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
