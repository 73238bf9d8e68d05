import { Button, Group, Paper, Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../texts';
import { ScopeSelect } from './scope-select';
import { ScopeValueNote } from './scope-value-note';
import type { SettingScope } from './use-setting-scope';

interface Props {
  scope: SettingScope;
  onSubmit: () => void;
  /** The key whose inherited-or-own note shows under the scope choice. */
  noteKey?: string;
  maw?: number;
  gap?: MantineSpacing;
  children: ReactNode;
}

/** The form card of the configs/* screens: the scope (store or connection) first, the fields, then Salvar. */
export function SettingsForm({ scope, onSubmit, noteKey, maw, gap = 'sm', children }: Props) {
  return (
    <Paper withBorder p="lg" radius="md" maw={maw}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap={gap}>
          <ScopeSelect scope={scope} />
          {noteKey ? <ScopeValueNote scope={scope} settingKey={noteKey} /> : null}
          {children}
          <Group>
            <Button type="submit" loading={scope.save.isPending}>
              {t.common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
