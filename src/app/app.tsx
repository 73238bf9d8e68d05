import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { RouterProvider } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { AppRouter } from './router';
import { themeState } from './state/theme';
import { GlobalLoadingOverlay } from './ui/global-loading-overlay';
import { DeferredNotifications } from './ui/notifications/deferred-notifications';
import { mantineTheme } from './ui/theme/mantine-theme';

/** Providers around the router; the colour scheme follows the chosen theme (semi-dark = light page). */
export function App({ router }: { router: AppRouter }) {
  const { theme } = useSnapshot(themeState);
  return (
    <MantineProvider theme={mantineTheme} forceColorScheme={theme === 'dark' ? 'dark' : 'light'}>
      <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
        <DeferredNotifications position="top-center" />
        <GlobalLoadingOverlay />
        <RouterProvider router={router} />
      </DatesProvider>
    </MantineProvider>
  );
}
