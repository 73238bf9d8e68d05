import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TeamDepartment } from '../api/team-operations';
import { t } from '../texts';

export type DepartmentRemoval = { department: TeamDepartment; action: 'deactivate' | 'delete' };

/** What a department still holds: tickets, members, connections it is the default of. */
export const holdings = (department: TeamDepartment) => ({
  open: department.open_tickets ?? 0,
  members: department.members?.length ?? 0,
  defaults: department.default_of_instances?.length ?? 0,
});

export const holdsAnything = (department: TeamDepartment): boolean => {
  const held = holdings(department);
  return held.open + held.members + held.defaults > 0;
};

/**
 * Deactivating or deleting a department that still holds open tickets, members or connection
 * defaults asks where they go (issue 12 §2: nothing is orphaned).
 */
export function MoveDepartmentModal({
  removal,
  targets,
  pending,
  onCancel,
  onConfirm,
}: {
  removal: DepartmentRemoval | null;
  targets: ReadonlyArray<{ value: string; label: string }>;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (moveTo: string) => void;
}) {
  const [moveTo, setMoveTo] = useState<string | null>(null);
  useEffect(() => setMoveTo(null), [removal]);
  if (!removal) return <Modal opened={false} onClose={onCancel} title="" />;
  const { department, action } = removal;
  const verb = action === 'delete' ? t.departments.actions.delete : t.departments.actions.deactivate;
  const held = holdings(department);
  const choices = targets.filter((target) => target.value !== String(department.id));
  return (
    <Modal opened onClose={onCancel} title={t.departments.moveTitle(verb)} centered>
      <Stack gap="md">
        <Text size="sm">{t.departments.moveMessage(department.name, held.open, held.members, held.defaults)}</Text>
        {choices.length === 0 ? (
          <Alert color="yellow" variant="light">
            {t.departments.moveNone}
          </Alert>
        ) : (
          <Select label={t.departments.moveTarget} data={choices} value={moveTo} onChange={setMoveTo} data-autofocus comboboxProps={{ withinPortal: true }} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button color="red" disabled={!moveTo} loading={pending} onClick={() => moveTo && onConfirm(moveTo)}>
            {`${verb} e mover`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
