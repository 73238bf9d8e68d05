import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { dashboardTexts as t } from '../texts';

interface Props {
  loading: boolean;
  error: unknown;
  empty?: boolean;
  emptyText?: string;
  onRetry?: () => void;
  children: ReactNode;
}

/** Loading, error and empty states of a dashboard block, said in pt-BR. */
export function LoadState({ loading, error, empty, emptyText, onRetry, children }: Props) {
  if (loading)
    return (
      <Center mih={120} role="status" aria-label={t.loading}>
        <Stack align="center" gap={4}>
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {t.loading}
          </Text>
        </Stack>
      </Center>
    );
  if (error)
    return (
      <Alert color="red" variant="light" title={t.loadFailed}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
          {onRetry && (
            <Button size="xs" variant="light" onClick={onRetry}>
              {t.retry}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  if (empty)
    return (
      <Text c="dimmed" size="sm" py="md">
        {emptyText ?? t.empty}
      </Text>
    );
  return <>{children}</>;
}
