import { useRouterState } from '@tanstack/react-router';
import type { AppRoute } from '../../../shared/domain/routes';

/** The catalogue entry (routes.ts) of the signed-in page on screen, if any. */
export function useCurrentAppRoute(): AppRoute | undefined {
  return useRouterState({ select: (state) => state.matches.at(-1)?.staticData.appRoute });
}
