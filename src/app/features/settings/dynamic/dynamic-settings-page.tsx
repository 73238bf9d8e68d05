import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { Fragment, useEffect, useState } from 'react';
import { SETTING_DEFINITIONS, settingValueError } from '../../../../shared/domain/setting-keys';
import { AdminPage } from '../../../ui/admin';
import { t } from '../texts';
import { SettingsForm } from '../ui/settings-form';
import { SettingsState } from '../ui/settings-state';
import { useSettingScope } from '../ui/use-setting-scope';
import { FeatureSwitches } from './feature-switches';
import { OtherSettings } from './other-settings';
import { SettingInput } from './setting-input';

const DYNAMIC = SETTING_DEFINITIONS.filter((d) => d.dynamic);
const KEYS = DYNAMIC.map((d) => d.key);

/**
 * configs/dynamic-settings: every attendance switch of the catalogue, for the store or one
 * connection; the tenant's feature flags; and where the product's other settings are edited.
 */
export function DynamicSettingsPage() {
  const scope = useSettingScope(KEYS);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const loaded = scope.values.data !== undefined;
  const inForce = loaded ? KEYS.map((k) => scope.effective(k)).join('\u0000') : null;
  useEffect(() => {
    if (inForce === null) return;
    setDraft(Object.fromEntries(KEYS.map((k) => [k, scope.effective(k)])));
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when what is in force (or the scope) changes.
  }, [inForce, scope.instanceId]);

  const onConnection = scope.instanceId !== null;
  const editable = DYNAMIC.filter((d) => !onConnection || d.perConnection);

  const submit = () => {
    const found: Record<string, string> = {};
    for (const d of editable) {
      const error = settingValueError(d, (draft[d.key] ?? '').trim());
      if (error) found[d.key] = error;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // A connection stores only what differs from the store; equal values keep following the store.
    const changed = editable.filter((d) => draft[d.key] !== scope.effective(d.key) || (!onConnection && scope.own(d.key) === undefined && draft[d.key] !== d.defaultValue));
    if (changed.length === 0) return;
    void scope.write(changed.map((d) => ({ key: d.key, value: draft[d.key] ?? '' })));
  };

  return (
    <AdminPage description={t.dynamic.description}>
      <Stack gap="md">
        <SettingsState loading={scope.values.isPending} error={scope.values.error} onRetry={() => void scope.values.refetch()}>
          {() => (
            <SettingsForm scope={scope} onSubmit={submit} maw={760} gap="md">
              {DYNAMIC.map((d, index) => {
                const disabled = onConnection && !d.perConnection;
                const own = scope.own(d.key) !== undefined;
                return (
                  <Fragment key={d.key}>
                    {index > 0 ? <Divider /> : null}
                    <Stack gap={4}>
                      <SettingInput
                        definition={d}
                        value={draft[d.key] ?? ''}
                        onChange={(value) => setDraft({ ...draft, [d.key]: value })}
                        disabled={disabled}
                        error={errors[d.key]}
                      />
                      {disabled ? (
                        <Text size="xs" c="dimmed">
                          {t.dynamic.storeOnly}
                        </Text>
                      ) : onConnection ? (
                        <Group gap="xs">
                          <Text size="xs" c="dimmed">
                            {own ? t.common.overridden : t.common.inherited}
                          </Text>
                          {own ? (
                            <Button size="compact-xs" variant="subtle" onClick={() => void scope.write([{ key: d.key, value: null }])}>
                              {t.common.useTenant}
                            </Button>
                          ) : null}
                        </Group>
                      ) : null}
                    </Stack>
                  </Fragment>
                );
              })}
            </SettingsForm>
          )}
        </SettingsState>
        <FeatureSwitches />
        <OtherSettings />
      </Stack>
    </AdminPage>
  );
}
