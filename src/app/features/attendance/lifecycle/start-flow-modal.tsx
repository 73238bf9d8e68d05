import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { errorText } from '../../../ui/remote/load-states';
import { startFlow, startableFlows, type StartableFlow } from '../api/attendance-operations';
import { t } from '../texts';

/**
 * "Iniciar fluxo" (issue 16): hands the ticket to a published chat flow, which answers the
 * customer until it transfers, ends, or an attendant takes over again. Needs the network.
 */
export function StartFlowModal({ opened, tenant, ticketId, online, onClose }: { opened: boolean; tenant: string; ticketId: string; online: boolean; onClose: () => void }) {
  const [flows, setFlows] = useState<StartableFlow[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [flowId, setFlowId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!opened || !online) return;
    let live = true;
    setError(null);
    startableFlows(tenant).then(
      (list) => live && setFlows(list),
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, [opened, online, tenant]);

  const start = async () => {
    if (!flowId) return;
    setBusy(true);
    try {
      await startFlow(tenant, ticketId, flowId);
      notifications.show({ color: 'teal', title: t.flowStartedTitle, message: t.flowStarted });
      onClose();
    } catch {
      // The client already showed the catalogue's notice.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t.startFlow}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t.startFlowHint}
        </Text>
        {!online ? (
          <Alert color="orange" variant="light">
            {t.startFlowOffline}
          </Alert>
        ) : error ? (
          <Alert color="red" variant="light">
            {errorText(error)}
          </Alert>
        ) : flows === null ? (
          <Loader size="sm" aria-label={t.startFlowLoading} />
        ) : flows.length === 0 ? (
          <Alert color="gray" variant="light">
            {t.startFlowNone}
          </Alert>
        ) : (
          <Select label={t.startFlowPick} data={flows.map((flow) => ({ value: flow.id, label: flow.name }))} value={flowId} onChange={setFlowId} searchable data-autofocus />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button onClick={() => void start()} disabled={!flowId || !online} loading={busy}>
            {t.startFlow}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
