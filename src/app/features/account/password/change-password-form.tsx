import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { sessionFor } from '../../../state/session';
import { PasswordStrengthMeter } from '../../../ui/password-strength-meter';
import { changePassword } from '../api/account-operations';
import { emptyPasswordChange, hasErrors, validatePasswordChange } from '../model/password-change';
import type { PasswordChangeValues } from '../model/password-change';
import { t } from '../texts';

/** Alterar senha: current, new (with SPEC §5's strength meter) and confirmation. */
export function ChangePasswordForm({ tenant }: { tenant: string }) {
  const [values, setValues] = useState<PasswordChangeValues>(emptyPasswordChange);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = touched ? validatePasswordChange(values) : {};
  const set = (field: keyof PasswordChangeValues) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (hasErrors(validatePasswordChange(values))) return;
    setBusy(true);
    try {
      await changePassword(tenant, {
        current_password: values.current,
        password: values.password,
        refresh_token: sessionFor(tenant)?.refreshToken ?? null,
      });
      setValues(emptyPasswordChange);
      setTouched(false);
      notifications.show({ color: 'green', title: t.password.successTitle, message: t.password.successMessage });
    } catch {
      // The client already showed the error (SPEC §8): a wrong current password comes back as a field message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="account-password-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz="h4" id="account-password-title">
              {t.password.title}
            </Title>
            <Text c="dimmed" fz="sm">
              {t.password.hint}
            </Text>
          </div>
          <PasswordInput
            label={t.password.current}
            autoComplete="current-password"
            required
            value={values.current}
            error={errors.current}
            onChange={set('current')}
            visibilityToggleButtonProps={{ 'aria-label': t.password.showCurrent }}
          />
          <Stack gap={6}>
            <PasswordInput
              label={t.password.next}
              autoComplete="new-password"
              required
              value={values.password}
              error={errors.password}
              onChange={set('password')}
              visibilityToggleButtonProps={{ 'aria-label': t.password.showNext }}
            />
            <PasswordStrengthMeter password={values.password} />
          </Stack>
          <PasswordInput
            label={t.password.confirmation}
            autoComplete="new-password"
            required
            value={values.confirmation}
            error={errors.confirmation}
            onChange={set('confirmation')}
            visibilityToggleButtonProps={{ 'aria-label': t.password.showConfirmation }}
          />
          <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
            {t.password.submit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
