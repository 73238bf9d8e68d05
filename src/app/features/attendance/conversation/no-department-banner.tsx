import { Alert, Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { transferToDepartment } from '../api/attendance-operations';
import type { DepartmentView } from '../model/types';
import { t } from '../texts';

/**
 * A ticket with no department is an administrator's alarm, never a silent hole (DESIGN §5a,
 * issue 12 §1): a banner with 'Definir departamento', which sends it to that department's queue.
 */
export function NoDepartmentBanner({ tenant, ticketId, departments }: { tenant: string; ticketId: string; departments: readonly DepartmentView[] }) {
  const [busy, setBusy] = useState(false);
  const choose = async (department: DepartmentView) => {
    setBusy(true);
    try {
      await transferToDepartment(tenant, ticketId, String(department.id));
      notifications.show({ color: 'teal', title: t.setDepartment, message: t.departmentSet(department.name) });
    } catch {
      // The client already showed the catalogue's notification.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert color="orange" variant="light" title={t.noDepartmentTitle} radius={0} py="xs" role="alert">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t.noDepartmentHint}</Text>
        {departments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noDepartments}
          </Text>
        ) : (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" color="orange" loading={busy}>
                {t.setDepartment}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {departments.map((department) => (
                <Menu.Item key={department.id} onClick={() => void choose(department)}>
                  {department.name}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Alert>
  );
}
