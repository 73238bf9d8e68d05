import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FEATURE_DEFINITIONS } from '../../../../shared/domain/feature-flags';
import { adminKey, useGqlMutation, useGqlQuery } from '../../../ui/admin';
import { FEATURE_FLAGS, SET_FEATURE } from '../api/operations';
import { t } from '../texts';
import { SettingsState } from '../ui/settings-state';

/**
 * The tenant's feature flags (SPEC §3 Feature), each switch saved at once: they hold for the whole
 * store, whatever connection the settings above are being edited for. A flag without a row is on.
 */
export function FeatureSwitches() {
  const flags = useGqlQuery(FEATURE_FLAGS, { key: adminKey('features', 'settings'), select: (d) => d.getFeature });
  const save = useGqlMutation(SET_FEATURE, {
    invalidates: ['features'],
    onSuccess: () => notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.common.saved }),
  });
  const enabled = (name: string) => flags.data?.find((f) => f.name === name)?.enabled !== false;

  return (
    <Paper withBorder p="lg" radius="md" maw={760} component="section" aria-labelledby="feature-switches-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h5" id="feature-switches-title">
            {t.dynamic.featuresTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {t.dynamic.featuresHint}
          </Text>
        </div>
        <SettingsState loading={flags.isPending} error={flags.error} onRetry={() => void flags.refetch()}>
          {() =>
            FEATURE_DEFINITIONS.map((d) => (
              <Switch
                key={d.name}
                size="md"
                label={d.label}
                description={d.help}
                checked={enabled(d.name)}
                disabled={save.isPending && save.variables?.name === d.name}
                onChange={(event) => save.mutate({ name: d.name, enabled: event.currentTarget.checked })}
              />
            ))
          }
        </SettingsState>
      </Stack>
    </Paper>
  );
}
