import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatPhone } from '../../../../shared/domain/phone';
import { channelLabel } from '../model/connection-state';
import type { InstanceView } from '../model/instance';
import { paths } from '../model/paths';
import { t } from '../texts';
import { ConnectionStateBadge } from '../ui/connection-state-badge';

interface Props {
  tenant: string;
  instance: InstanceView;
  maintenance: boolean;
  active: boolean;
  canManage: boolean;
  onChoose: (instance: InstanceView) => void;
}

/** One connection of the chooser: its name, state, number and kind, and what the user may do with it. */
export function InstanceCard({ tenant, instance, maintenance, active, canManage, onChoose }: Props) {
  const titleId = `instance-${instance.id}-title`;
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="lg"
      aria-labelledby={titleId}
      style={active ? { borderColor: 'var(--mantine-color-blue-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} fz="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {instance.name}
          </Title>
          <ConnectionStateBadge activated={instance.activated} maintenance={maintenance} />
        </Group>
        <Group gap="xs">
          <Text fw={500}>{instance.phone_number ? formatPhone(instance.phone_number) : t.noNumber}</Text>
          <Badge variant="outline" color="gray" size="sm">
            {channelLabel(instance)}
          </Badge>
          {active ? (
            <Badge variant="filled" color="blue" size="sm" aria-label={t.chooser.activeLabel(instance.name)}>
              {t.chooser.active}
            </Badge>
          ) : null}
        </Group>
        {!instance.activated && !maintenance ? (
          <Text size="sm" c="dimmed">
            {t.chooser.disconnectedHint}
          </Text>
        ) : null}
        <Group gap="xs" mt="auto" pt="xs">
          <Button onClick={() => onChoose(instance)} aria-label={t.chooser.choose(instance.name)}>
            {t.chooser.chooseShort}
          </Button>
          {canManage ? (
            <>
              <Button
                component={Link}
                to={paths.build(tenant, instance.id)}
                variant="light"
                aria-label={instance.activated ? t.chooser.view(instance.name) : t.chooser.build(instance.name)}
              >
                {instance.activated ? t.chooser.viewShort : t.chooser.buildShort}
              </Button>
              <Button
                component={Link}
                to={paths.edit(tenant, instance.id)}
                variant="default"
                aria-label={t.chooser.edit(instance.name)}
              >
                {t.chooser.editShort}
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
