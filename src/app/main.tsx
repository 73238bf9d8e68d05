// First, so the remembered connection's database starts opening before the rest is evaluated.
import './boot/open-data-early';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './ui/theme/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureGraphqlClient } from './api/graphql-client';
import { App } from './app';
import { setupDayjs } from './boot/dayjs';
import { warmUpLocaleData } from './boot/warm-up';
import { canOpenIndexedDb } from './boot/indexeddb-probe';
import { hideSplash } from './boot/splash';
import { dismissStoredScreenAwayFrom } from './boot/stored-screen/overlay';
import { registerServiceWorker } from './pwa/register-service-worker';
import { createAppRouter } from './router';
import { followOtherTabs } from './state/session';
import { showRequestError } from './ui/notifications/show-request-error';
import { showUnsupportedBrowser } from './ui/notifications/show-unsupported-browser';

setupDayjs();
followOtherTabs();
warmUpLocaleData();

const router = createAppRouter();

configureGraphqlClient({
  onError: showRequestError,
  onUnauthorized: (tenant) => {
    const here = router.state.location;
    const redirect = here.pathname.startsWith(`/${tenant}/login`) ? undefined : here.href;
    void router.navigate({ to: '/$tenant/login', params: { tenant }, search: { redirect } });
  },
});

const stopSplash = router.subscribe('onResolved', () => {
  hideSplash();
  stopSplash();
});
router.subscribe('onResolved', ({ toLocation }) => dismissStoredScreenAwayFrom(document, toLocation.pathname));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

// The data module (RxDB) loads after the first screen: it ends a user's data session on sign-out.
void import('./data/session/app-binding').then(({ bindDataSessionToApp }) => bindDataSessionToApp());

void canOpenIndexedDb().then((ok) => {
  if (!ok) showUnsupportedBrowser();
});

registerServiceWorker();
