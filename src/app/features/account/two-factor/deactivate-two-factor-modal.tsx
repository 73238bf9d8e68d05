import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { t } from '../texts';

interface Props {
  opened: boolean;
  busy: boolean;
  onConfirm: (currentPassword: string) => void;
  onClose: () => void;
}

type FormProps = Omit<Props, 'opened'>;

/** Lives inside the modal's body, which unmounts on close: the typed password never outlives the dialog. */
function DeactivateForm({ busy, onConfirm, onClose }: FormProps) {
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = touched && !password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (password && !busy) onConfirm(password);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t.twoFactor.deactivateConfirm}</Text>
        <PasswordInput
          label={t.password.current}
          description={t.twoFactor.deactivatePasswordHint}
          autoComplete="current-password"
          required
          value={password}
          error={missing ? t.password.currentRequired : undefined}
          onChange={(event) => setPassword(event.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t.password.showCurrent }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.twoFactor.cancel}
          </Button>
          <Button type="submit" color="red" loading={busy}>
            {t.twoFactor.deactivateButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Turning two-factor off weakens the account: asked once more, and only with the current password. */
export function DeactivateTwoFactorModal({ opened, ...form }: Props) {
  return (
    <Modal opened={opened} onClose={form.onClose} title={t.twoFactor.deactivateTitle} centered>
      <DeactivateForm {...form} />
    </Modal>
  );
}
