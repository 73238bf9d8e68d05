import '@mantine/charts/styles.css';
import 'mantine-datatable/styles.css';
import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdminPage } from '../../../ui/admin';
import { dashboardTexts as t } from '../texts';

/**
 * A dashboard's frame, the admin kit's page (the layout shows the route's title and breadcrumbs):
 * what the screen is for, its exports as the primary action, and the network it needs (DESIGN §4).
 */
export function DashboardPage({ description, tools, children }: { description: string; tools?: ReactNode; children: ReactNode }) {
  return (
    <AdminPage description={description} action={tools}>
      {typeof navigator !== 'undefined' && !navigator.onLine && (
        <Alert color="yellow" variant="light">
          <Text size="sm">{t.networkNeeded}</Text>
        </Alert>
      )}
      {children}
    </AdminPage>
  );
}
