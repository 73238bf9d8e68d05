import { Switch, Text, Tooltip } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { TeamDepartment } from '../api/team-operations';
import { t } from '../texts';

function CountWithNames({ items }: { items: ReadonlyArray<{ name: string }> | null | undefined }) {
  const list = items ?? [];
  if (list.length === 0) return <Text size="sm" c="dimmed">0</Text>;
  return (
    <Tooltip label={list.map((item) => item.name).join(', ')} multiline maw={280}>
      <Text size="sm" td="underline dotted" style={{ cursor: 'help', display: 'inline' }}>
        {list.length}
      </Text>
    </Tooltip>
  );
}

/** Departments: name, members, connections, default of, open tickets and the activated switch. */
export function departmentColumns(onToggle: (department: TeamDepartment, on: boolean) => void): Array<DataTableColumn<TeamDepartment>> {
  return [
    { accessor: 'name', title: t.departments.columns.name, sortable: true },
    { accessor: 'members', title: t.departments.columns.members, render: (d) => <CountWithNames items={d.members} /> },
    { accessor: 'instances', title: t.departments.columns.connections, render: (d) => <CountWithNames items={d.instances} /> },
    {
      accessor: 'default_of_instances',
      title: t.departments.columns.defaultOf,
      render: (d) => (d.default_of_instances?.length ? d.default_of_instances.map((i) => i.name).join(', ') : <Text size="sm" c="dimmed">—</Text>),
    },
    { accessor: 'open_tickets', title: t.departments.columns.open, sortable: true, textAlign: 'right' },
    {
      accessor: 'activated',
      title: t.departments.columns.activated,
      sortable: true,
      render: (d) => (
        <Switch
          checked={d.activated}
          aria-label={t.departments.activate(d.name)}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => onToggle(d, event.currentTarget.checked)}
        />
      ),
    },
  ];
}
