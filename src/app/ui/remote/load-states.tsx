import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { errors } from '../../../shared/i18n/pt-BR';
import { GraphqlRequestError, errorNotice } from '../../api/request-error';

/**
 * The three states every screen that reads from the server shows besides its data: loading,
 * failed (with the catalogue's reason, SPEC §8, and a retry) and empty (saying what to do next).
 */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden="true" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** The reason of a failed read; offline says the screen needs the network (DESIGN §4). */
export function errorText(error: unknown): string {
  if (error instanceof GraphqlRequestError) {
    return error.kind === 'network' ? errors.networkRequired : errorNotice(error).message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        <Button variant="light" color="red" size="xs" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}

export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="xs" align="flex-start">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Text c="dimmed" maw={620}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
