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
    // The theme's CSS variables are written out in ui/theme/mantine-variables.css, which the entry
    // loads: computing them here took 15–30 ms of the first screen's main thread.
    <MantineProvider theme={mantineTheme} withCssVariables={false} forceColorScheme={theme === 'dark' ? 'dark' : 'light'}>
      <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
        <DeferredNotifications position="top-center" />
        <GlobalLoadingOverlay />
        <RouterProvider router={router} />
      </DatesProvider>
    </MantineProvider>
  );
}
