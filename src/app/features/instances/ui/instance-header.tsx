import { Badge, Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatPhone } from '../../../../shared/domain/phone';
import { channelLabel } from '../model/connection-state';
import type { InstanceView } from '../model/instance';
import { paths } from '../model/paths';
import { t } from '../texts';
import { ConnectionStateBadge } from './connection-state-badge';

interface Props {
  tenant: string;
  instance: InstanceView;
  maintenance: boolean;
  /** The other connection screen, when the user may open it. */
  link?: { to: string; label: string } | null;
}

/** The connection a build or edit screen is about: name, state, number, kind, and the way back. */
export function InstanceHeader({ tenant, instance, maintenance, link }: Props) {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Group gap="sm" align="center">
        <Text fw={700} fz="lg">
          {instance.name}
        </Text>
        <ConnectionStateBadge activated={instance.activated} maintenance={maintenance} />
        <Badge variant="outline" color="gray">
          {channelLabel(instance)}
        </Badge>
        {instance.phone_number ? <Text c="dimmed">{formatPhone(instance.phone_number)}</Text> : null}
      </Group>
      <Group gap="xs">
        <Button component={Link} to={paths.chooser(tenant)} variant="subtle">
          {t.build.back}
        </Button>
        {link ? (
          <Button component={Link} to={link.to} variant="light">
            {link.label}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
