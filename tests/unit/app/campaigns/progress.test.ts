import { describe, expect, it } from 'vitest';
import { campaignProgress } from '../../../../src/app/features/campaigns/model/progress';

const counts = (over: Partial<Parameters<typeof campaignProgress>[0]>) => ({
  total: 0, queued: 0, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0, canceled: 0,
  excluded_blacklisted: 0, excluded_opted_out: 0, excluded_invalid: 0, ...over,
});

describe('campaign progress', () => {
  it('counts everyone no longer queued as done, and those the message reached', () => {
    const p = campaignProgress(counts({ total: 200, queued: 50, sent: 80, delivered: 40, read: 10, replied: 3, failed: 7, canceled: 10, excluded_opted_out: 2, excluded_invalid: 1 }));
    expect(p).toEqual({ done: 150, total: 200, percent: 75, reached: 133, excluded: 3 });
  });

  it('shows 0 % for an empty audience and never rounds a campaign up to 100 % early', () => {
    expect(campaignProgress(counts({})).percent).toBe(0);
    expect(campaignProgress(counts({ total: 1000, queued: 1, sent: 999 })).percent).toBe(99);
  });
});
