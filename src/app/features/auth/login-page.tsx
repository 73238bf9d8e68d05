import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { auth } from '../../../shared/i18n/pt-BR';
import { logIn } from '../../api/auth-operations';
import { GraphqlRequestError } from '../../api/request-error';
import { showRequestError } from '../../ui/notifications/show-request-error';
import { PublicLayout } from '../../ui/public-layout';
import { useFinishSignIn } from './use-finish-sign-in';

function showLoginError(error: unknown): void {
  if (!(error instanceof GraphqlRequestError)) throw error;
  if (error.message === auth.loginFailed) {
    notifications.show({ color: 'red', title: auth.loginFailed, message: 'Confira o e-mail e a senha e tente novamente.' });
  } else {
    showRequestError(error);
  }
}

export function LoginPage() {
  const { tenant } = useParams({ from: '/$tenant/login' });
  const { redirect } = useSearch({ from: '/$tenant/login' });
  const finishSignIn = useFinishSignIn(tenant);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const payload = await logIn(tenant, { email, password, remember, ...(needsCode ? { tokenTwoFactor: code } : {}) });
      if (!finishSignIn(payload, remember, redirect) && payload.two_factor_required) setNeedsCode(true);
    } catch (error) {
      showLoginError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title="Entrar" subtitle="Acesse a central de atendimento da sua loja.">
      <form onSubmit={(event) => void submit(event)} noValidate={false}>
        <Stack gap="md">
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Senha"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a senha' }}
          />
          {needsCode ? (
            <TextInput
              label="Código de verificação"
              description={auth.twoFactorRequired}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              data-autofocus
              autoFocus
              value={code}
              onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
            />
          ) : null}
          <Group justify="space-between">
            <Checkbox
              label="Lembrar-me"
              checked={remember}
              onChange={(event) => setRemember(event.currentTarget.checked)}
            />
            <Anchor component={Link} to={`/${tenant}/forgot`} fz="sm">
              Esqueceu a senha?
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} fullWidth>
            Entrar
          </Button>
        </Stack>
      </form>
    </PublicLayout>
  );
}
