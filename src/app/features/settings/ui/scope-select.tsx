import { Select } from '@mantine/core';
import { t } from '../texts';
import type { SettingScope } from './use-setting-scope';

const TENANT = 'tenant';

/** "Aplicar a": the whole store, or one connection whose value then wins over the store's. */
export function ScopeSelect({ scope }: { scope: SettingScope }) {
  const options = [{ value: TENANT, label: t.common.scopeTenant }, ...(scope.connections.data ?? []).map((c) => ({ value: c.id, label: t.common.scopeConnection(c.name) }))];
  return (
    <Select
      label={t.common.scope}
      data={options}
      value={scope.instanceId ?? TENANT}
      onChange={(value) => scope.setInstanceId(!value || value === TENANT ? null : value)}
      allowDeselect={false}
      maw={360}
    />
  );
}
