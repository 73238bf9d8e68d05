import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { SETTING_DEFINITIONS } from '../../../../shared/domain/setting-keys';
import { routeByName } from '../../../../shared/domain/routes';
import { platformState } from '../../../state/platform';
import { useTenant } from '../../../ui/admin';
import { t } from '../texts';

/** Each screen that edits settings of the catalogue which are not on this page, once. */
const ELSEWHERE = [...new Set(SETTING_DEFINITIONS.filter((d) => !d.dynamic).map((d) => d.route))].map((route) => ({
  route: routeByName(route),
  settings: SETTING_DEFINITIONS.filter((d) => d.route === route),
}));

/**
 * The rest of what the product reads (SPEC §3 Setting): the keys edited on their own screens,
 * linked, and the platform's whatsapp_status and maintenance_status, which the platform's
 * operator sets for every store and which arrive here live ("global setting changed").
 */
export function OtherSettings() {
  const tenant = useTenant();
  const platform = useSnapshot(platformState);
  return (
    <Paper withBorder p="lg" radius="md" maw={760} component="section" aria-labelledby="other-settings-title">
      <Stack gap="sm">
        <Title order={2} fz="h5" id="other-settings-title">
          {t.dynamic.elsewhereTitle}
        </Title>
        {ELSEWHERE.map(({ route, settings }) =>
          route ? (
            <div key={route.name}>
              <Anchor component={Link} to={`/${tenant}/${route.path}`} fw={500}>
                {route.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {settings.length === 1 ? settings[0]?.help : settings.map((d) => d.label).join(' · ')}
              </Text>
            </div>
          ) : null,
        )}
        <div>
          <Text fw={500}>{t.dynamic.platformTitle}</Text>
          <Text size="sm" c="dimmed">
            {t.dynamic.platformHint}
          </Text>
          <Group gap="xs" mt={6}>
            <Badge variant="light" color={platform.whatsappStatus === 'true' ? 'teal' : 'red'}>
              {platform.whatsappStatus === 'true' ? t.dynamic.whatsappOn : t.dynamic.whatsappOff}
            </Badge>
            <Badge variant="light" color={platform.maintenance ? 'orange' : 'teal'}>
              {platform.maintenance ? t.dynamic.maintenanceOn : t.dynamic.maintenanceOff}
            </Badge>
          </Group>
        </div>
      </Stack>
    </Paper>
  );
}
