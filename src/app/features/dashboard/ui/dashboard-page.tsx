import '@mantine/charts/styles.css';
import 'mantine-datatable/styles.css';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { dashboardTexts as t } from '../texts';

// One client for every dashboard: switching screens keeps what was already read for 30 s.
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } });

/** A dashboard's frame: its title, its tools (filters, exports) and the network it needs (DESIGN §4). */
export function DashboardPage({ title, tools, children }: { title: string; tools?: ReactNode; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Stack gap="md" pb="xl">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Title order={2} size="h3">
            {title}
          </Title>
          {tools}
        </Group>
        {typeof navigator !== 'undefined' && !navigator.onLine && (
          <Alert color="yellow" variant="light">
            <Text size="sm">{t.networkNeeded}</Text>
          </Alert>
        )}
        {children}
      </Stack>
    </QueryClientProvider>
  );
}
