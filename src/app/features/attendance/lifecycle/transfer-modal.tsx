import { useState } from 'react';
import { Badge, Button, Group, Modal, Select, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { t } from '../texts';
import type { DepartmentView, OnlineUser, RecordId } from '../model/types';
import { transferCandidates } from '../model/transfer-targets';
import { NameAvatar } from '../../../ui/name-avatar';

export type TransferTarget = { kind: 'user'; userId: string; name: string } | { kind: 'department'; departmentId: string | null; name: string };

export interface PendingTransfer {
  id: string;
  nextUserName: string;
}

/**
 * Step one chooses an attendant (online first) or a department; an attendant transfer is then
 * created and waits for confirmation or cancellation (step two). A department transfer sends the
 * ticket to that department's inbox at once.
 */
export function TransferModal({
  opened,
  users,
  departments,
  holderId,
  pending,
  busy,
  online,
  onClose,
  onCreate,
  onConfirm,
  onCancelPending,
}: {
  opened: boolean;
  users: readonly OnlineUser[];
  departments: readonly DepartmentView[];
  holderId: RecordId | null | undefined;
  pending: PendingTransfer | null;
  busy: boolean;
  online: boolean;
  onClose: () => void;
  onCreate: (target: TransferTarget) => void;
  onConfirm: () => void;
  onCancelPending: () => void;
}) {
  const [mode, setMode] = useState<'user' | 'department'>('user');
  const [query, setQuery] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [departmentId, setDepartmentId] = useState<string | null>(null);
  const candidates = transferCandidates(users, holderId, query);
  const chosenUser = users.find((u) => String(u.id) === userId);
  const chosenDepartment = departments.find((d) => String(d.id) === departmentId);

  return (
    <Modal opened={opened} onClose={onClose} title={t.transferTitle} size="md">
      {!online && (
        <Text c="red" size="sm" mb="sm">
          {t.needsNetwork}
        </Text>
      )}
      {pending ? (
        <Stack>
          <Text>{t.transferPending(pending.nextUserName)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancelPending} loading={busy}>
              {t.cancelTransfer}
            </Button>
            <Button onClick={onConfirm} loading={busy} disabled={!online}>
              {t.confirmTransfer}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <SegmentedControl
            aria-label={t.transferTo}
            value={mode}
            onChange={(v) => setMode(v as 'user' | 'department')}
            data={[
              { value: 'user', label: t.toAttendant },
              { value: 'department', label: t.toDepartment },
            ]}
          />
          {mode === 'user' ? (
            <>
              <TextInput aria-label={t.chooseAttendant} placeholder={t.chooseAttendant} value={query} onChange={(e) => setQuery(e.currentTarget.value)} data-autofocus />
              <Stack gap={4} role="listbox" aria-label={t.chooseAttendant} mah={300} style={{ overflowY: 'auto' }}>
                {candidates.map((u) => (
                  <UnstyledButton
                    key={String(u.id)}
                    role="option"
                    aria-selected={String(u.id) === userId}
                    onClick={() => setUserId(String(u.id))}
                    p={6}
                    style={{ borderRadius: 8, background: String(u.id) === userId ? 'var(--mantine-primary-color-light)' : undefined }}
                  >
                    <Group gap={8} wrap="nowrap">
                      <NameAvatar src={u.image} name={u.name} size={32} />
                      <Text size="sm" style={{ flex: 1 }} truncate="end">
                        {u.name}
                      </Text>
                      <Badge size="xs" variant="dot" color={u.isConnected ? 'teal' : 'gray'}>
                        {u.isConnected ? t.online : t.offline}
                      </Badge>
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            </>
          ) : (
            <Select
              label={t.chooseDepartment}
              data={departments.map((d) => ({ value: String(d.id), label: d.name }))}
              value={departmentId}
              onChange={setDepartmentId}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button
              loading={busy}
              disabled={!online || (mode === 'user' ? !chosenUser : !chosenDepartment)}
              onClick={() => {
                if (mode === 'user' && chosenUser) onCreate({ kind: 'user', userId: String(chosenUser.id), name: chosenUser.name });
                if (mode === 'department' && chosenDepartment)
                  onCreate({ kind: 'department', departmentId: String(chosenDepartment.id), name: chosenDepartment.name });
              }}
            >
              {t.transfer}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
