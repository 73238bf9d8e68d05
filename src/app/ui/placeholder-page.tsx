import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Icon } from './icons';
import { useCurrentAppRoute } from './layout/use-current-app-route';

/** A signed-in page whose screen a later issue builds: the route, menu and access rule are real. */
export function PlaceholderPage() {
  const route = useCurrentAppRoute();
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="sm" align="flex-start">
        <Group gap="xs">
          <Icon name={route?.section ?? 'help'} />
          <Badge variant="light" color="blue">
            Em construção
          </Badge>
        </Group>
        <Text>
          A tela <strong>{route?.title}</strong> ainda está em construção. O endereço, o menu e as permissões já
          funcionam; o conteúdo chega em uma próxima versão do PedBot.
        </Text>
      </Stack>
    </Paper>
  );
}
