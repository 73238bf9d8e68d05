import { Button, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PublicLayout } from '../../ui/public-layout';

interface StatusPageProps {
  title: string;
  message: string;
  /** Where the button leads; no button without it. */
  action?: { label: string; to: string };
  children?: ReactNode;
}

/** The shape shared by the public status pages (SPEC §2). */
export function StatusPage({ title, message, action, children }: StatusPageProps) {
  return (
    <PublicLayout title={title}>
      <Stack gap="lg">
        <Text>{message}</Text>
        {children}
        {action ? (
          <Button component={Link} to={action.to} fullWidth>
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </PublicLayout>
  );
}
