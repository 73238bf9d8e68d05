import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { AppRoute } from '../../../shared/domain/routes';
import { platformState, startPlatformPolling } from '../../state/platform';
import { sessionState } from '../../state/session';
import { homeHref } from './menu-links';

/** Polls the platform status while signed in; an unavailable platform closes the attendance (SPEC §4). */
export function usePlatformStatus(tenant: string, current: AppRoute | undefined): void {
  const { offlinePlatform } = useSnapshot(platformState);
  const navigate = useNavigate();
  useEffect(() => startPlatformPolling(() => sessionState.current?.token ?? null), []);
  useEffect(() => {
    if (offlinePlatform && current?.name === 'chat-attendance') void navigate({ to: homeHref(tenant), replace: true });
  }, [offlinePlatform, current, tenant, navigate]);
}
