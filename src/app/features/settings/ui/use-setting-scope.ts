import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { effectiveSetting } from '../../../../shared/domain/setting-keys';
import { adminKey, useGqlMutation, useGqlQuery } from '../../../ui/admin';
import { CONNECTIONS, SAVE_SETTINGS, SETTING_VALUES, type SettingRow } from '../api/operations';
import { t } from '../texts';

/**
 * The settings of a screen (keys of setting-keys.ts) for the scope being edited: the whole store
 * (instanceId null) or one connection, with what is stored there and what is in force.
 */
export function useSettingScope(keys: readonly string[]) {
  const [instanceId, setInstanceId] = useState<string | null>(null);
  const connections = useGqlQuery(CONNECTIONS, { key: adminKey('instances', 'settings-options'), select: (d) => d.instances });
  const values = useGqlQuery(SETTING_VALUES, { key: adminKey('settings', 'values', keys), variables: { keys: [...keys] }, select: (d) => d.settingValues });
  const save = useGqlMutation(SAVE_SETTINGS, { invalidates: ['settings'] });
  const rows: SettingRow[] = useMemo(() => values.data ?? [], [values.data]);

  return {
    instanceId,
    setInstanceId,
    connections,
    values,
    save,
    /** The row stored on this scope itself, or undefined when it inherits. */
    own: (key: string): string | undefined => rows.find((r) => r.key === key && r.instance_id === instanceId)?.value,
    /** What applies on this scope (own, else the store's, else the default). */
    effective: (key: string): string => effectiveSetting(rows, key, instanceId),
    /** What this scope would fall back to without its own row. */
    inherited: (key: string): string => effectiveSetting(rows, key, null),
    /** Saves and says so; a refusal was already notified by the kit (SPEC §8), so it resolves false. */
    write: async (entries: Array<{ key: string; value: string | null }>): Promise<boolean> => {
      try {
        await save.mutateAsync({ instance_id: instanceId, values: entries });
        notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.common.saved });
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type SettingScope = ReturnType<typeof useSettingScope>;
