import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { requestPasswordReset } from '../../api/auth-operations';
import { PublicLayout } from '../../ui/public-layout';

export function ForgotPage() {
  const { tenant } = useParams({ from: '/$tenant/forgot' });
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await requestPasswordReset(tenant, email);
      setSent(true);
    } catch {
      // The client already showed the error (SPEC §8).
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title="Esqueceu a senha?" subtitle="Informe o seu e-mail e enviaremos um link para criar uma nova senha.">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          {sent ? (
            <Alert color="teal" role="status" title="Pedido enviado">
              Se o e-mail estiver cadastrado, você receberá em instantes um link para redefinir a senha.
            </Alert>
          ) : null}
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" loading={busy} fullWidth>
            Enviar link
          </Button>
          <Anchor component={Link} to={`/${tenant}/login`} fz="sm" ta="center">
            Voltar para o login
          </Anchor>
        </Stack>
      </form>
    </PublicLayout>
  );
}
