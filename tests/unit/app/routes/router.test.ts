import { createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../../../../src/app/router';
import { APP_ROUTES, PUBLIC_PATHS } from '../../../../src/shared/domain/routes';

// Navigation itself (redirects, access rules) runs in the browser: see tests/e2e/navigation.e2e.ts.
describe('the route tree', () => {
  const router = createRouter({ routeTree });

  it('has every catalogue route under /$tenant, with its catalogue entry', () => {
    for (const route of APP_ROUTES) {
      const found = router.routesByPath[`/$tenant/${route.path}` as keyof typeof router.routesByPath];
      expect(found, route.name).toBeDefined();
      expect(found?.options.staticData?.appRoute).toBe(route);
    }
  });

  it('has every public page under /$tenant and the tenant-less coming-soon page', () => {
    const paths = Object.keys(router.routesByPath);
    for (const path of PUBLIC_PATHS) expect(paths, path).toContain(`/$tenant/${path}`);
    expect(paths).toContain('/pages/comingsoon');
  });
});
