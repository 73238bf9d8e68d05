import { AppShell, Stack, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Outlet, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { showStorageNoticesOnce } from '../../data/health/storage-notices';
import { storageNotices$ } from '../../data/session/data-session';
import { themeState } from '../../state/theme';
import { AdminProviders } from '../admin/admin-providers';
import { FeatureFlagsLoader } from './feature-flags-loader';
import { usePageTitle } from '../use-page-title';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useCurrentAppRoute } from './use-current-app-route';
import { useLiveAccess } from './use-live-access';
import { usePlatformStatus } from './use-platform-status';

const HEADER_HEIGHT = 68;
const MENU_WIDTH = 264;
const RAIL_WIDTH = 76;

/**
 * The signed-in frame (DESIGN §6a): side menu, floating navbar, the page's title and content, and
 * `overlays` the features show on every page (the route layer passes them: ui imports no feature).
 */
export function MainLayout({ overlays }: { overlays?: ReactNode }) {
  const { tenant } = useParams({ from: '/$tenant' });
  const { theme, menuCollapsed } = useSnapshot(themeState);
  const [mobileOpened, mobileMenu] = useDisclosure(false);
  const desktop = useMediaQuery('(min-width: 48em)', true);
  const current = useCurrentAppRoute();
  usePlatformStatus(tenant, current);
  useLiveAccess(tenant, current);
  usePageTitle(current?.title ?? 'PedBot');
  // A storage near its quota stays on screen until closed: the user has to act (sign out, free space).
  // A storage the browser did not make persistent is common and nothing to act on at once, so it
  // only shows for a while.
  useEffect(
    () =>
      showStorageNoticesOnce(storageNotices$, (notice) =>
        notifications.show({
          id: `storage-${notice.kind}`,
          color: 'yellow',
          autoClose: notice.kind === 'quota' ? false : 8_000,
          title: notice.title,
          message: notice.message,
        }),
      ),
    [],
  );
  const rail = desktop && menuCollapsed;
  // Semi-dark: the menu alone takes the dark palette (see theme.css).
  const darkMenu = theme === 'semi-dark' ? { className: 'pedbot-dark-surface', 'data-mantine-color-scheme': 'dark' } : {};
  return (
    <AdminProviders>
      <FeatureFlagsLoader />
      <AppShell
        layout="alt"
        header={{ height: HEADER_HEIGHT }}
        navbar={{
          width: { base: MENU_WIDTH, md: rail ? RAIL_WIDTH : MENU_WIDTH },
          breakpoint: 'md',
          collapsed: { mobile: !mobileOpened },
        }}
        padding="md"
      >
        <a href="#conteudo" className="pedbot-skip-link">
          Pular para o conteúdo
        </a>
        <AppShell.Header className="pedbot-floating-header">
          <TopBar tenant={tenant} current={current} menuOpened={mobileOpened} onToggleMenu={mobileMenu.toggle} />
        </AppShell.Header>
        <AppShell.Navbar aria-label="Menu principal" {...darkMenu}>
          <SideMenu tenant={tenant} current={current} rail={rail} onNavigate={mobileMenu.close} />
        </AppShell.Navbar>
        <AppShell.Main className="pedbot-page-bg" id="conteudo" tabIndex={-1}>
          <Stack gap="md">
            {current ? (
              <Title order={1} fz="h3">
                {current.title}
              </Title>
            ) : null}
            <Outlet />
          </Stack>
        </AppShell.Main>
      </AppShell>
      {overlays}
    </AdminProviders>
  );
}
