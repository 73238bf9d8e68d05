import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LogoMark } from './logo';
import { usePageTitle } from './use-page-title';

/** Public pages (SPEC §2): no menu, a centred card under the product mark. */
export function PublicLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <Center mih="100dvh" p="md" className="pedbot-page-bg" component="main">
      <Stack w="100%" maw={420} gap="lg">
        <Group justify="center" gap="xs">
          <LogoMark size={40} />
          <Text fw={700} fz="xl">
            PedBot
          </Text>
        </Group>
        <Paper withBorder shadow="sm" radius="lg" p="xl">
          <Stack gap="md">
            <div>
              <Title order={1} fz="h3">
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" fz="sm" mt={4}>
                  {subtitle}
                </Text>
              ) : null}
            </div>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
