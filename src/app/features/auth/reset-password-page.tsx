import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../shared/domain/password';
import { auth } from '../../../shared/i18n/pt-BR';
import { resetPassword } from '../../api/auth-operations';
import { PasswordStrengthMeter } from '../../ui/password-strength-meter';
import { PublicLayout } from '../../ui/public-layout';

const MISMATCH = 'As senhas não conferem.';

/** forgot/$token: sets a new password with the token of the reset link. */
export function ResetPasswordPage() {
  const { tenant, token } = useParams({ from: '/$tenant/forgot/$token' });
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);

  const tooShort = password.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirmation !== password;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort || mismatch) return;
    setBusy(true);
    try {
      await resetPassword(tenant, token, password);
      notifications.show({ color: 'green', title: 'Senha alterada!', message: 'Entre com a sua nova senha.' });
      await navigate({ to: '/$tenant/login', params: { tenant } });
    } catch {
      // The client already showed the error (SPEC §8).
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title="Criar nova senha" subtitle="Escolha uma senha forte que você ainda não tenha usado.">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Stack gap={6}>
            <PasswordInput
              label="Nova senha"
              autoComplete="new-password"
              required
              value={password}
              error={touched && tooShort ? auth.passwordTooWeak : undefined}
              onChange={(event) => setPassword(event.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a senha' }}
            />
            <PasswordStrengthMeter password={password} />
          </Stack>
          <PasswordInput
            label="Confirmar nova senha"
            autoComplete="new-password"
            required
            value={confirmation}
            error={touched && mismatch ? MISMATCH : undefined}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a confirmação' }}
          />
          <Button type="submit" loading={busy} fullWidth>
            Salvar nova senha
          </Button>
          <Anchor component={Link} to={`/${tenant}/login`} fz="sm" ta="center">
            Voltar para o login
          </Anchor>
        </Stack>
      </form>
    </PublicLayout>
  );
}
