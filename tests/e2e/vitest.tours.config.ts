import { defineConfig } from 'vitest/config';
import e2e from './vitest.config';

/**
 * Screenshot tours (`npm run screenshots`): screens photographed in both themes and sizes into tests/e2e/artifacts/
 * for a person to look at. They check only that each screen came up, which the e2e stories already prove, so they
 * stay out of `npm test`.
 */
export default defineConfig({ ...e2e, test: { ...e2e.test, include: ['tests/e2e/tours/**/*.tour.ts'], env: { PEDBOT_SCREENSHOTS: '1' } } });
