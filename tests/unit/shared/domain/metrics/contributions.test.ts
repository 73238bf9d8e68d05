import { describe, expect, it } from 'vitest';
import {
  ALL_CATEGORIES,
  NO_CATEGORY,
  sumCells,
  summarize,
  ticketContributions,
  toCells,
  type TicketHistory,
  type TicketHistoryEvent,
} from '../../../../../src/shared/domain/metrics';
import { toEpochMs } from '../../../../../src/shared/domain/datetime';

const at = (local: string): number => toEpochMs(local) ?? Number.NaN;
const ANA = 11;
const BRUNO = 12;
const dims = { instanceId: 1, departmentId: 3, campaignId: null, categoryIds: [], reasonId: 7 };
const history = (events: TicketHistoryEvent[]): TicketHistory => ({ ticketId: 1, dimensions: dims, events });
const customer = (time: string): TicketHistoryEvent => ({ kind: 'message', at: at(time), fromCustomer: true, automatic: false, userId: null });
const human = (time: string, userId: number): TicketHistoryEvent => ({ kind: 'message', at: at(time), fromCustomer: false, automatic: false, userId });
const bot = (time: string): TicketHistoryEvent => ({ kind: 'message', at: at(time), fromCustomer: false, automatic: true, userId: null });

const figures = (h: TicketHistory) => summarize(ticketContributions(h));

describe('ticket metrics from a hand-made history', () => {
  it('counts a simple inbox → pick → reply → close ticket', () => {
    const s = figures(
      history([
        { kind: 'opened', at: at('2026-11-02 10:00:00'), inbox: true, userId: null },
        customer('2026-11-02 10:00:00'),
        { kind: 'picked', at: at('2026-11-02 10:02:00'), userId: ANA },
        human('2026-11-02 10:03:20', ANA),
        customer('2026-11-02 10:05:00'),
        human('2026-11-02 10:06:00', ANA),
        { kind: 'closed', at: at('2026-11-02 10:10:00'), userId: ANA, surveySent: true },
      ]),
    );
    expect(s).toMatchObject({ opened: 1, picked: 1, closed: 1, transferred: 0, msg_in: 2, msg_out: 2, unanswered: 0, survey_sent: 1 });
    expect(s.waiting).toBe(120_000);
    expect(s.first_response).toBe(200_000);
    // Two replies: 200 s and 60 s.
    expect(s.reply).toBe(130_000);
    expect(s.resolution).toBe(600_000);
  });

  it('never takes a bot message for the first response', () => {
    const contributions = ticketContributions(
      history([
        { kind: 'opened', at: at('2026-11-02 10:00:00'), inbox: true, userId: null },
        customer('2026-11-02 10:00:00'),
        bot('2026-11-02 10:00:01'),
        { kind: 'picked', at: at('2026-11-02 10:04:00'), userId: ANA },
        human('2026-11-02 10:05:00', ANA),
      ]),
    );
    const frt = contributions.find((c) => c.metric === 'first_response');
    expect(frt).toMatchObject({ total: 300_000, userId: ANA });
    expect(contributions.filter((c) => c.metric === 'msg_out').map((c) => c.userId)).toEqual([null, ANA]);
  });

  it('credits a transfer to the previous holder and the replies after it to the new one', () => {
    const contributions = ticketContributions(
      history([
        { kind: 'opened', at: at('2026-11-02 09:00:00'), inbox: true, userId: null },
        customer('2026-11-02 09:00:00'),
        { kind: 'picked', at: at('2026-11-02 09:01:00'), userId: ANA },
        { kind: 'transferred', at: at('2026-11-02 09:02:00'), fromUserId: ANA, toUserId: BRUNO },
        customer('2026-11-02 09:03:00'),
        human('2026-11-02 09:10:00', BRUNO),
        { kind: 'closed', at: at('2026-11-02 09:20:00'), userId: BRUNO, surveySent: false },
      ]),
    );
    const by = (metric: string) => contributions.filter((c) => c.metric === metric);
    expect(by('transferred')).toMatchObject([{ userId: ANA }]);
    expect(by('first_response')).toMatchObject([{ userId: BRUNO, total: 600_000 }]);
    expect(by('msg_in').map((c) => c.userId)).toEqual([null, BRUNO]);
    expect(by('closed')).toMatchObject([{ userId: BRUNO }]);
    expect(by('survey_sent')).toEqual([]);
  });

  it('restarts waiting when a ticket goes back to the inbox by transfer', () => {
    const s = figures(
      history([
        { kind: 'opened', at: at('2026-11-02 09:00:00'), inbox: true, userId: null },
        { kind: 'picked', at: at('2026-11-02 09:01:00'), userId: ANA },
        { kind: 'transferred', at: at('2026-11-02 09:02:00'), fromUserId: ANA, toUserId: null },
        { kind: 'picked', at: at('2026-11-02 09:05:00'), userId: BRUNO },
      ]),
    );
    expect(s.picked).toBe(2);
    expect(s.waiting).toBe(120_000); // (60 s + 180 s) / 2
  });

  it('starts a new cycle on a reopening: a second close, resolution and first response', () => {
    const contributions = ticketContributions(
      history([
        { kind: 'opened', at: at('2026-11-02 09:00:00'), inbox: false, userId: ANA },
        customer('2026-11-02 09:00:00'),
        human('2026-11-02 09:01:00', ANA),
        { kind: 'closed', at: at('2026-11-02 09:10:00'), userId: ANA, surveySent: false },
        { kind: 'reopened', at: at('2026-11-02 11:00:00'), inbox: false, userId: ANA },
        customer('2026-11-02 11:00:00'),
        human('2026-11-02 11:02:00', ANA),
        { kind: 'closed', at: at('2026-11-02 11:30:00'), userId: ANA, surveySent: false },
      ]),
    );
    const s = summarize(contributions);
    expect(s).toMatchObject({ opened: 1, closed: 2, picked: 0, waiting: null });
    expect(contributions.filter((c) => c.metric === 'resolution').map((c) => c.total)).toEqual([600_000, 1_800_000]);
    expect(contributions.filter((c) => c.metric === 'first_response').map((c) => c.total)).toEqual([60_000, 120_000]);
  });

  it('counts an open ticket whose customer waits as unanswered, at the first message waiting', () => {
    const contributions = ticketContributions(
      history([
        { kind: 'opened', at: at('2026-11-02 09:00:00'), inbox: true, userId: null },
        customer('2026-11-02 09:00:00'),
        bot('2026-11-02 09:00:01'),
        customer('2026-11-02 09:05:00'),
      ]),
    );
    expect(contributions.filter((c) => c.metric === 'unanswered')).toMatchObject([{ at: at('2026-11-02 09:00:00'), count: 1 }]);
    expect(summarize(contributions).first_response).toBeNull();
  });

  it('takes the grade after the close and credits it to the closer', () => {
    const contributions = ticketContributions(
      history([
        { kind: 'opened', at: at('2026-11-02 09:00:00'), inbox: false, userId: ANA },
        { kind: 'closed', at: at('2026-11-02 09:10:00'), userId: ANA, surveySent: true },
        customer('2026-11-02 09:12:00'),
        { kind: 'graded', at: at('2026-11-02 09:12:00'), grade: 4 },
      ]),
    );
    expect(contributions.filter((c) => c.metric.startsWith('survey_') || c.metric.startsWith('grade_'))).toMatchObject([
      { metric: 'survey_sent', userId: ANA },
      { metric: 'survey_answered', userId: ANA, total: 4 },
      { metric: 'grade_4', userId: ANA },
    ]);
    // The grade message after the close is a message in, not a customer waiting for a reply.
    expect(summarize(contributions).unanswered).toBe(0);
  });

  it('puts a ticket spanning midnight in the day of each event', () => {
    const h = history([
      { kind: 'opened', at: at('2026-11-02 23:50:00'), inbox: true, userId: null },
      customer('2026-11-02 23:50:00'),
      { kind: 'picked', at: at('2026-11-02 23:55:00'), userId: ANA },
      human('2026-11-03 00:05:00', ANA),
      { kind: 'closed', at: at('2026-11-03 00:20:00'), userId: ANA, surveySent: false },
    ]);
    const cells = sumCells(toCells(h.dimensions, ticketContributions(h))).filter((c) => c.categoryId === ALL_CATEGORIES);
    const day = (metric: string) => cells.filter((c) => c.metric === metric).map((c) => `${c.day} ${c.hour}`);
    expect(day('opened')).toEqual(['2026-11-02 23']);
    expect(day('picked')).toEqual(['2026-11-02 23']);
    expect(day('first_response')).toEqual(['2026-11-03 0']);
    expect(day('closed')).toEqual(['2026-11-03 0']);
    expect(cells.find((c) => c.metric === 'resolution')?.total).toBe(30 * 60_000);
    expect(cells.every((c) => c.departmentId === 3 && c.reasonId === 7 && c.campaignId === 0)).toBe(true);
  });

  it("waits on the first message even when its provider timestamp reads before the ticket's creation", () => {
    const s = figures(
      history([
        { kind: 'opened', at: at('2026-11-02 10:00:00') + 400, inbox: true, userId: null },
        customer('2026-11-02 10:00:00'),
        { kind: 'picked', at: at('2026-11-02 10:01:00'), userId: ANA },
        human('2026-11-02 10:02:00', ANA),
      ]),
    );
    expect(s).toMatchObject({ opened: 1, first_response: 120_000, waiting: 60_000, unanswered: 0 });
  });

  it('gives zeros and no averages for a day with no data', () => {
    expect(summarize([])).toMatchObject({ opened: 0, closed: 0, msg_in: 0, waiting: null, first_response: null, resolution: null });
  });

  it('orders events by time whatever order they are listed in', () => {
    const ordered: TicketHistoryEvent[] = [
      { kind: 'opened', at: at('2026-11-02 10:00:00'), inbox: true, userId: null },
      customer('2026-11-02 10:00:00'),
      { kind: 'picked', at: at('2026-11-02 10:01:00'), userId: ANA },
      human('2026-11-02 10:02:00', ANA),
    ];
    expect(figures(history([ordered[3]!, ordered[2]!, ordered[0]!, ordered[1]!]))).toEqual(figures(history(ordered)));
  });

  it('counts a ticket once overall and once in each of its CRM categories', () => {
    const events: TicketHistoryEvent[] = [
      { kind: 'opened', at: at('2026-11-02 10:00:00'), inbox: true, userId: null },
      customer('2026-11-02 10:00:00'),
      { kind: 'picked', at: at('2026-11-02 10:01:00'), userId: ANA },
      { kind: 'closed', at: at('2026-11-02 10:09:00'), userId: ANA, surveySent: false },
    ];
    const cellsOf = (categoryIds: number[]) => sumCells(toCells({ ...dims, categoryIds }, ticketContributions(history(events))));
    const closedBy = (cells: ReturnType<typeof cellsOf>) =>
      cells.filter((c) => c.metric === 'closed').map((c) => c.categoryId).sort((a, b) => a - b);
    expect(closedBy(cellsOf([4, 9, 4]))).toEqual([ALL_CATEGORIES, 4, 9]);
    expect(closedBy(cellsOf([]))).toEqual([NO_CATEGORY, ALL_CATEGORIES]);
    // The overall cells alone give the ticket's figures once.
    expect(summarize(cellsOf([4, 9]).filter((c) => c.categoryId === ALL_CATEGORIES)).closed).toBe(1);
  });
});
