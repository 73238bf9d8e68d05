import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { createInstance } from '../api/instance-operations';
import type { InstanceView } from '../model/instance';
import { t } from '../texts';

interface Props {
  tenant: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (instance: InstanceView) => void;
}

/** A new connection starts down; the build screen brings it up. */
export function CreateInstanceModal({ tenant, opened, onClose, onCreated }: Props) {
  const [name, setName] = useState('');
  const [channel, setChannel] = useState<'sandbox' | 'cloud-api'>('sandbox');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t.validation.nameRequired);
      return;
    }
    setBusy(true);
    try {
      onCreated(await createInstance(tenant, name.trim(), channel));
      setName('');
    } catch {
      // The shared client already showed the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t.chooser.createTitle} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t.chooser.createName}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            required
            data-autofocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="new-instance-channel">
              {t.chooser.createChannel}
            </Text>
            <SegmentedControl
              aria-labelledby="new-instance-channel"
              value={channel}
              onChange={(value) => setChannel(value as 'sandbox' | 'cloud-api')}
              data={[
                { value: 'sandbox', label: t.channel.sandbox },
                { value: 'cloud-api', label: t.channel.cloudApi },
              ]}
            />
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.edit.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {t.chooser.createSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
