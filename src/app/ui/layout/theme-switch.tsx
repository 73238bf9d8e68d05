import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { useSnapshot } from 'valtio';
import type { ThemeName } from '../../state/theme';
import { setTheme, themeState } from '../../state/theme';
import { Icon } from '../icons';
import type { IconName } from '../icons';

const OPTIONS: ReadonlyArray<{ theme: ThemeName; label: string; icon: IconName }> = [
  { theme: 'light', label: 'Tema claro', icon: 'sun' },
  { theme: 'dark', label: 'Tema escuro', icon: 'moon' },
  { theme: 'semi-dark', label: 'Tema semiescuro', icon: 'semiDark' },
];

export function ThemeSwitch() {
  const { theme } = useSnapshot(themeState);
  const active = OPTIONS.find((option) => option.theme === theme) ?? OPTIONS[0]!;
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Tooltip label="Alterar tema">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Alterar tema">
            <Icon name={active.icon} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {OPTIONS.map((option) => (
          <Menu.Item
            key={option.theme}
            leftSection={<Icon name={option.icon} size={16} />}
            rightSection={option.theme === theme ? <span aria-hidden="true">✓</span> : null}
            aria-current={option.theme === theme ? 'true' : undefined}
            onClick={() => setTheme(option.theme)}
          >
            {option.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
