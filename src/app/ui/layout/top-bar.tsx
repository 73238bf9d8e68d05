import { Burger, Group, Paper } from '@mantine/core';
import type { AppRoute } from '../../../shared/domain/routes';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { ConnectionHealth } from './connection-health';
import { PlatformStatusBadge } from './platform-status-badge';
import { StarredMenu, StarToggle } from './star-controls';
import { ThemeSwitch } from './theme-switch';
import { UserMenu } from './user-menu';

interface TopBarProps {
  tenant: string;
  current: AppRoute | undefined;
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/** The floating navbar: breadcrumbs on the left, page and session controls on the right. */
export function TopBar({ tenant, current, menuOpened, onToggleMenu }: TopBarProps) {
  return (
    <Paper shadow="sm" radius="md" h="100%" px="md" withBorder>
      <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            hiddenFrom="md"
            size="sm"
            aria-label={menuOpened ? 'Fechar menu' : 'Abrir menu'}
          />
          <AppBreadcrumbs tenant={tenant} current={current} />
        </Group>
        <Group gap={6} wrap="nowrap">
          <PlatformStatusBadge />
          <ConnectionHealth />
          {current ? <StarToggle title={current.title} /> : null}
          <StarredMenu tenant={tenant} />
          <ThemeSwitch />
          <UserMenu tenant={tenant} />
        </Group>
      </Group>
    </Paper>
  );
}
