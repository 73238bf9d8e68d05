import { describe, expect, it } from 'vitest';
import { toEpochMs } from '../../../../../src/shared/domain/datetime';
import { DEFAULT_OPENING_HOURS, type DayHours } from '../../../../../src/shared/domain/opening-hours';
import { businessDuration, summarize, ticketContributions, type TicketHistoryEvent } from '../../../../../src/shared/domain/metrics';

const at = (local: string): number => toEpochMs(local) ?? Number.NaN;
const MIN = 60_000;
const HOUR = 60 * MIN;
// 2026-11-06 is a Friday; 2026-11-07 Saturday, 2026-11-08 Sunday, 2026-11-09 Monday.
// The default store: Monday–Friday 08:00–18:00, Saturday 08:00–12:00, Sunday closed.
const store = DEFAULT_OPENING_HOURS;

describe('business hours (store info opening hours)', () => {
  it('counts a wait inside one open day as it is', () => {
    expect(businessDuration(at('2026-11-09 10:00:00'), at('2026-11-09 10:03:20'), store)).toBe(200_000);
  });

  it('leaves out the night between two open days', () => {
    // Monday 17:30 → Tuesday 08:45: 30 min on Monday, 45 min on Tuesday.
    expect(businessDuration(at('2026-11-09 17:30:00'), at('2026-11-10 08:45:00'), store)).toBe(75 * MIN);
  });

  it('leaves out the weekend, counting Saturday morning and nothing on closed Sunday', () => {
    // Friday 17:50 → Monday 08:10: 10 min + Saturday 4 h + 0 + 10 min.
    expect(businessDuration(at('2026-11-06 17:50:00'), at('2026-11-09 08:10:00'), store)).toBe(4 * HOUR + 20 * MIN);
  });

  it('counts nothing for a wait that falls wholly outside the hours or on a day with no hours', () => {
    expect(businessDuration(at('2026-11-07 13:00:00'), at('2026-11-07 17:00:00'), store)).toBe(0);
    expect(businessDuration(at('2026-11-08 09:00:00'), at('2026-11-08 17:00:00'), store)).toBe(0);
    // A store with no open day at all: nothing is ever business time.
    const closed: DayHours[] = store.map((d) => ({ ...d, open: false }));
    expect(businessDuration(at('2026-11-09 09:00:00'), at('2026-11-12 17:00:00'), closed)).toBe(0);
    expect(businessDuration(at('2026-11-09 09:00:00'), at('2026-11-12 17:00:00'), [])).toBe(0);
  });

  it('follows hours that run past midnight into the next day', () => {
    // A bar open Friday 18:00–02:00 only.
    const bar: DayHours[] = [{ day: 5, open: true, opens: '18:00', closes: '02:00' }];
    // Friday 23:00 → Saturday 03:00: 3 h open (until 02:00).
    expect(businessDuration(at('2026-11-06 23:00:00'), at('2026-11-07 03:00:00'), bar)).toBe(3 * HOUR);
    // Saturday 01:00 → 01:30 is still Friday's night.
    expect(businessDuration(at('2026-11-07 01:00:00'), at('2026-11-07 01:30:00'), bar)).toBe(30 * MIN);
  });

  it('gives nothing for an empty or inverted span', () => {
    expect(businessDuration(at('2026-11-09 10:00:00'), at('2026-11-09 10:00:00'), store)).toBe(0);
    expect(businessDuration(at('2026-11-09 11:00:00'), at('2026-11-09 10:00:00'), store)).toBe(0);
  });

  it('gives the ticket metrics a business-time total beside the wall-clock one', () => {
    const events: TicketHistoryEvent[] = [
      { kind: 'opened', at: at('2026-11-06 17:50:00'), inbox: true, userId: null },
      { kind: 'message', at: at('2026-11-06 17:50:00'), fromCustomer: true, automatic: false, userId: null },
      // A bot answer at once is not a reply.
      { kind: 'message', at: at('2026-11-06 17:50:05'), fromCustomer: false, automatic: true, userId: null },
      { kind: 'picked', at: at('2026-11-09 08:10:00'), userId: 5 },
      { kind: 'message', at: at('2026-11-09 08:12:00'), fromCustomer: false, automatic: false, userId: 5 },
      { kind: 'closed', at: at('2026-11-09 08:20:00'), userId: 5, surveySent: false },
    ];
    const history = { ticketId: 1, dimensions: { instanceId: 1, departmentId: null, campaignId: null, categoryIds: [], reasonId: null }, events };
    const contributions = ticketContributions(history, store);
    const wall = summarize(contributions);
    const business = summarize(contributions.map((c) => ({ ...c, total: c.businessTotal })));
    expect(wall.waiting).toBe(at('2026-11-09 08:10:00') - at('2026-11-06 17:50:00'));
    expect(business.waiting).toBe(4 * HOUR + 20 * MIN);
    expect(business.first_response).toBe(4 * HOUR + 22 * MIN);
    expect(business.resolution).toBe(4 * HOUR + 30 * MIN);
    // Counts do not change with the clock.
    expect(business.closed).toBe(wall.closed);
    // Without opening hours the business total is the wall-clock one.
    expect(ticketContributions(history).every((c) => c.businessTotal === c.total)).toBe(true);
  });
});
