import { Button, Group, Loader, Text } from '@mantine/core';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { auth } from '../../../shared/i18n/pt-BR';
import { integrationLogIn } from '../../api/auth-operations';
import { PublicLayout } from '../../ui/public-layout';
import { useFinishSignIn } from './use-finish-sign-in';

/** redirect?token=…: signs in with an integration token (SPEC §5). */
export function RedirectPage() {
  const { tenant } = useParams({ from: '/$tenant/redirect' });
  const { token } = useSearch({ from: '/$tenant/redirect' });
  const finishSignIn = useFinishSignIn(tenant);
  const [failed, setFailed] = useState(!token);
  const started = useRef(false);

  useEffect(() => {
    // Once per page: React's development double effects must not spend a one-time token twice.
    if (!token || started.current) return;
    started.current = true;
    integrationLogIn(tenant, token)
      .then((payload) => setFailed(!finishSignIn(payload, false)))
      .catch(() => setFailed(true));
  }, [tenant, token, finishSignIn]);

  if (failed) {
    return (
      <PublicLayout title={auth.integrationFailedTitle}>
        <Text>{auth.integrationFailedMessage}</Text>
        <Button component={Link} to={`/${tenant}/login`} fullWidth>
          Entrar com e-mail e senha
        </Button>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout title="Entrando…">
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>Validando o seu acesso.</Text>
      </Group>
    </PublicLayout>
  );
}
