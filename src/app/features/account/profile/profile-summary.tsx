import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AccountInfo } from '../api/account-operations';
import { t } from '../texts';
import { NameAvatar } from '../../../ui/name-avatar';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} fz="sm">
        {children}
      </Text>
    </div>
  );
}

function Connections({ account }: { account: AccountInfo }) {
  if (account.userInstances.length === 0) return <>{t.profile.noConnections}</>;
  return (
    <Group component="span" gap={6} mt={2}>
      {account.userInstances.map((connection) => (
        <Badge key={connection.id} variant="light" color="gray" tt="none">
          {connection.name ?? t.profile.connectionFallback(connection.instance_id)}
        </Badge>
      ))}
    </Group>
  );
}

/** Who is signed in: read-only here, an administrador changes these (SPEC §3 User). */
export function ProfileSummary({ account }: { account: AccountInfo }) {
  const department = account.userDepartment;
  return (
    <Paper component="section" withBorder radius="md" p="lg" aria-labelledby="account-profile-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <NameAvatar src={account.image} name={account.name} color="blue" size="lg" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={2} fz="h4" id="account-profile-title">
                {t.profile.title}
              </Title>
              <dl style={{ margin: 0 }}>
                <VisuallyHidden component="dt">{t.profile.name}</VisuallyHidden>
                <Text component="dd" m={0} fw={600} truncate>
                  {account.name}
                </Text>
                <VisuallyHidden component="dt">{t.profile.email}</VisuallyHidden>
                <Text component="dd" m={0} fz="sm" c="dimmed" truncate>
                  {account.email}
                </Text>
              </dl>
            </Stack>
          </Group>
          <Text fz="xs" c="dimmed" maw={320}>
            {t.profile.managedByAdmin}
          </Text>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="sm" m={0}>
          <Field label={t.profile.username}>{account.username ?? '—'}</Field>
          <Field label={t.profile.role}>{account.role.display_name}</Field>
          <Field label={t.profile.department}>
            {department
              ? `${department.name}${department.activated ? '' : ` (${t.profile.inactiveDepartment})`}`
              : t.profile.noDepartment}
          </Field>
          <Field label={t.profile.connections}>
            <Connections account={account} />
          </Field>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
