import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { Icon, type IconName } from './icons';

/** An empty state that says what to do next, not just that nothing is here. */
export function EmptyHint({ title, hint, icon }: { title: string; hint?: string; icon: IconName }) {
  return (
    <Center h="100%" p="lg">
      <Stack align="center" gap={6} maw={320} ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" color="gray">
          <Icon name={icon} size={24} />
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
