import { Button, Group, Text } from '@mantine/core';
import { t } from '../texts';
import type { SettingScope } from './use-setting-scope';

/** On a connection: whether it has its own value, and the way back to the store's. */
export function ScopeValueNote({ scope, settingKey }: { scope: SettingScope; settingKey: string }) {
  if (scope.instanceId === null) return null;
  const own = scope.own(settingKey) !== undefined;
  return (
    <Group gap="xs" justify="space-between">
      <Text size="sm" c="dimmed">
        {own ? t.common.overridden : t.common.inherited}
      </Text>
      {own ? (
        <Button size="compact-sm" variant="subtle" onClick={() => void scope.write([{ key: settingKey, value: null }])}>
          {t.common.useTenant}
        </Button>
      ) : null}
    </Group>
  );
}
