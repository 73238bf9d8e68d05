import { Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { t } from '../texts';
import { Icon } from './icons';

/**
 * Atendimentos without a chosen connection (issue 12 §6): never a spinner that does not end. While
 * a connection opens, it says so; otherwise it asks to choose one, with the button.
 */
export function NoConnection({ tenant, starting }: { tenant: string; starting: boolean }) {
  if (starting) {
    return (
      <Center py="xl" role="status">
        <Stack align="center" gap="xs">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">{t.openingConnection}</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon variant="light" size={56} radius="xl">
          <Icon name="note" size={28} />
        </ThemeIcon>
        <Text fw={600} fz="lg">
          {t.noConnectionTitle}
        </Text>
        <Text c="dimmed">{t.noConnectionHint}</Text>
        <Button component={Link} to={`/${tenant}/instances/list/choose-instance`}>
          {t.chooseConnection}
        </Button>
      </Stack>
    </Center>
  );
}
