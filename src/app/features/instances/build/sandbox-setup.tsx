import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatPhone } from '../../../../shared/domain/phone';
import { connectInstance } from '../api/instance-operations';
import type { InstanceView } from '../model/instance';
import { t } from '../texts';

interface Props {
  tenant: string;
  instance: InstanceView;
  onChange: (instance: InstanceView) => void;
}

/** A sandbox connection: its number, 'Conectar', and the customer simulator to talk to it. */
export function SandboxSetup({ tenant, instance, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  const connect = async () => {
    setBusy(true);
    try {
      onChange(await connectInstance(tenant, instance.id));
    } catch {
      // The shared client showed the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t.build.sandboxTitle}
        </Title>
        <Text c="dimmed" maw={680}>
          {t.build.sandboxIntro}
        </Text>
        <Stack gap={2}>
          <Text size="sm" c="dimmed" id="sandbox-number-label">
            {t.build.number}
          </Text>
          <Text fz="xl" fw={700} aria-labelledby="sandbox-number-label">
            {instance.phone_number ? formatPhone(instance.phone_number) : t.noNumber}
          </Text>
        </Stack>
        {instance.activated ? (
          <Alert color="teal" variant="light" role="status">
            {t.build.connectedMessage(instance.name)}
          </Alert>
        ) : null}
        <Group gap="md" align="center">
          <Button onClick={connect} loading={busy} disabled={instance.activated}>
            {t.build.connect}
          </Button>
          {instance.simulator_path ? (
            <Stack gap={0}>
              <Anchor href={instance.simulator_path} target="_blank" rel="noopener">
                {t.build.simulator}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t.build.simulatorHint}
              </Text>
            </Stack>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
