import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { AppRoute } from '../../../shared/domain/routes';
import { subscribeOnTabSocket, watchTabSocket } from '../../data/live/tab-socket';
import { applyPlatformSetting, checkPlatformStatus, platformState, startPlatformChecks } from '../../state/platform';
import { sessionState } from '../../state/session';
import { homeHref } from './menu-links';

const GLOBAL_SETTING_CHANGED = 'subscription GlobalSettingChanged { globalSettingChanged { key value } }';
const token = () => sessionState.current?.token ?? null;

/**
 * The platform status while signed in (SPEC §4): read once, then pushed by the server's "global
 * setting changed" on the tab's socket (read again after a reconnect, when changes may have been
 * missed); an unavailable platform closes the attendance.
 */
export function usePlatformStatus(tenant: string, current: AppRoute | undefined): void {
  const { offlinePlatform } = useSnapshot(platformState);
  const navigate = useNavigate();
  useEffect(() => {
    const stopChecks = startPlatformChecks(token);
    const stopPush = subscribeOnTabSocket<{ globalSettingChanged: { key: string; value: string } }>(GLOBAL_SETTING_CHANGED, {}, {
      next: (data) => applyPlatformSetting(data.globalSettingChanged.key, data.globalSettingChanged.value),
      error: () => undefined,
      complete: () => undefined,
    });
    const stopWatch = watchTabSocket({ reconnected: () => void checkPlatformStatus(token()) });
    return () => {
      stopChecks();
      stopPush();
      stopWatch();
    };
  }, []);
  useEffect(() => {
    if (offlinePlatform && current?.name === 'chat-attendance') void navigate({ to: homeHref(tenant), replace: true });
  }, [offlinePlatform, current, tenant, navigate]);
}
