import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { relativeTime } from '../../../../shared/domain/relative-time';
import type { TeamUser } from '../api/team-operations';
import { t } from '../texts';
import { NameAvatar } from '../../../ui/name-avatar';

const STATE_COLORS: Record<string, string> = { online: 'teal', offline: 'gray', blocked: 'red' };

export function StateBadge({ state }: { state: string | null | undefined }) {
  const key = state ?? 'offline';
  return (
    <Badge color={STATE_COLORS[key] ?? 'gray'} variant="light" tt="none" style={{ overflow: 'visible' }}>
      {t.users.states[key] ?? key}
    </Badge>
  );
}

/** The users list's columns: who, role, department, connections, state and last seen. */
export function userColumns(now: number): Array<DataTableColumn<TeamUser>> {
  return [
    {
      accessor: 'name',
      title: t.users.columns.name,
      render: (user) => (
        <Group gap="sm" wrap="nowrap">
          <NameAvatar src={user.photo ?? null} name={user.name} size={36} color="blue" />
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed">
              {user.email}
            </Text>
          </Stack>
        </Group>
      ),
    },
    { accessor: 'role.display_name', title: t.users.columns.role },
    {
      accessor: 'userDepartment.name',
      title: t.users.columns.department,
      render: (user) => user.userDepartment?.name ?? <Text size="sm" c="dimmed">{t.users.noDepartment}</Text>,
    },
    {
      accessor: 'userInstances',
      title: t.users.columns.connections,
      render: (user) => {
        const names = user.userInstances.map((row) => row.name ?? `#${row.instance_id}`);
        if (names.length === 0) return <Text size="sm" c="dimmed">{t.users.noConnections}</Text>;
        return names.length === 1 ? (
          names[0]
        ) : (
          <Tooltip label={names.join(', ')} multiline maw={280}>
            <Text size="sm">{`${names[0]} +${names.length - 1}`}</Text>
          </Tooltip>
        );
      },
    },
    { accessor: 'state', title: t.users.columns.state, noWrap: true, render: (user) => <StateBadge state={user.state} /> },
    {
      accessor: 'last_seen_at',
      title: t.users.columns.lastSeen,
      render: (user) =>
        user.last_seen_at ? (
          <Tooltip label={new Date(user.last_seen_at).toLocaleString('pt-BR')}>
            <Text size="sm">{relativeTime(user.last_seen_at, now)}</Text>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            {t.users.never}
          </Text>
        ),
    },
  ];
}
