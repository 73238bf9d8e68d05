import { describe, expect, it } from 'vitest';
import { readFilter, toReportFilter } from '../../../../../src/app/features/dashboard/model/filter';

describe('dashboard filter in the URL', () => {
  it('reads the period, the dimensions and the opening-hours choice, and sends them to the server', () => {
    const state = readFilter({ from: '2026-11-01', to: '2026-11-30', category: '4', campaign: '7', horas: 'comercial' });
    expect(state).toMatchObject({ preset: 'custom', from: '2026-11-01', to: '2026-11-30', category: '4', campaign: '7', businessHours: true });
    expect(toReportFilter(state)).toMatchObject({ from: '2026-11-01', to: '2026-11-30', category_ids: ['4'], campaign_ids: ['7'], business_hours: true });
  });

  it('counts wall-clock time unless asked, and ignores what is not an id', () => {
    const state = readFilter({ preset: '30', category: 'abc', horas: 'sim' });
    expect(state.businessHours).toBe(false);
    expect(state.category).toBeNull();
    expect(toReportFilter(state)).not.toHaveProperty('business_hours');
  });
});
