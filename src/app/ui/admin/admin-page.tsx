import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AdminPageProps {
  /** One or two sentences under the layout's title: what this screen is for. */
  description?: ReactNode;
  /** The primary action (e.g. 'Novo usuário'), at the right of the header. */
  action?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of an admin screen (DESIGN §5a). The page title and breadcrumbs come from the route
 * catalogue through the main layout, so a screen only adds its description and primary action:
 *
 *   <AdminPage description="Quem entra no PedBot e o que pode fazer." action={<Button onClick={create}>Novo usuário</Button>}>
 *     <AdminTable … />
 *   </AdminPage>
 */
export function AdminPage({ description, action, children }: AdminPageProps) {
  return (
    <Stack gap="md">
      {description || action ? (
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          {description ? (
            <Text c="dimmed" maw={720} style={{ flex: '1 1 320px' }}>
              {description}
            </Text>
          ) : (
            <span />
          )}
          {action ? <Group gap="xs">{action}</Group> : null}
        </Group>
      ) : null}
      {children}
    </Stack>
  );
}
