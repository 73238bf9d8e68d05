import { describe, expect, it } from 'vitest';
import type { TicketLike, TicketViewer } from '../../../../src/shared/domain/tickets';
import {
  INITIAL_MESSAGES_PER_TICKET,
  PAGE_SIZE,
  PICK_OLDEST_FIRST_MESSAGE,
  TAB_COMBINATIONS,
  canSeeInboxTicket,
  canSeeTicket,
  compareByLastMessage,
  isAttendanceTicket,
  isPickable,
  matchesTabCombination,
  pickBlockReason,
  pickableInboxTicketId,
  ticketKind,
  ticketTab,
} from '../../../../src/shared/domain/tickets';

const ticket = (fields: Partial<TicketLike> & { id: number | string }): TicketLike => ({
  user_id: null,
  finished_ticket: 0,
  inbox: 0,
  inbox_department_id: null,
  is_campaign: 0,
  ...fields,
});

const admin: TicketViewer = { roleName: 'administrador', departmentId: null };
const sales: TicketViewer = { roleName: 'atendente', departmentId: 5 };
const noDepartment: TicketViewer = { roleName: 'atendente', departmentId: null };

describe('constants (SPEC §9)', () => {
  it('has the list and message window sizes', () => {
    expect(PAGE_SIZE).toBe(10);
    expect(INITIAL_MESSAGES_PER_TICKET).toBe(80);
  });

  it('lists the seven tab and campaign combinations of the initial load, without repeats', () => {
    expect(TAB_COMBINATIONS).toEqual([
      { tab: 'inbox', is_campaign: false },
      { tab: 'inbox', is_campaign: true },
      { tab: 'my_chats', is_campaign: false },
      { tab: 'my_chats', is_campaign: true },
      { tab: 'opened', is_campaign: false },
      { tab: 'opened', is_campaign: true },
      { tab: 'closed', is_campaign: false },
    ]);
    expect(new Set(TAB_COMBINATIONS.map((c) => `${c.tab}:${c.is_campaign}`)).size).toBe(7);
  });
});

describe('isAttendanceTicket', () => {
  it.each([
    ['not a campaign', ticket({ id: 1 }), true],
    ['is_campaign false', ticket({ id: 1, is_campaign: false }), true],
    ['is_campaign missing', { id: 1 }, true],
    ['a campaign', ticket({ id: 1, is_campaign: 1, campaign: { name: 'Black Friday' } }), false],
    ['a campaign flagged true', ticket({ id: 1, is_campaign: true }), false],
    ['a campaign without its campaign record', ticket({ id: 1, is_campaign: 1, campaign: null }), false],
    ['the passive response campaign', ticket({ id: 1, is_campaign: 1, campaign: { name: 'Resposta passiva' } }), true],
    ['the passive response campaign with spaces', ticket({ id: 1, is_campaign: 1, campaign: { name: ' Resposta passiva ' } }), true],
    ['a differently spelled campaign', ticket({ id: 1, is_campaign: 1, campaign: { name: 'Resposta passiva 2' } }), false],
  ])('%s → %s', (_label, t, expected) => {
    expect(isAttendanceTicket(t)).toBe(expected);
    expect(ticketKind(t)).toBe(expected ? 'attendance' : 'campaign');
  });
});

describe('ticketTab', () => {
  const me = 7;
  it.each([
    ['finished', ticket({ id: 1, finished_ticket: 1, user_id: me }), 'closed'],
    ['finished even if still flagged inbox', ticket({ id: 1, finished_ticket: 1, inbox: 1 }), 'closed'],
    ['finished flagged true', ticket({ id: 1, finished_ticket: true }), 'closed'],
    ['waiting in the inbox', ticket({ id: 1, inbox: 1 }), 'inbox'],
    ['in the inbox though assigned to me', ticket({ id: 1, inbox: 1, user_id: me }), 'inbox'],
    ['open and mine', ticket({ id: 1, user_id: me }), 'my_chats'],
    ['open and mine, id as a string', ticket({ id: 1, user_id: '7' }), 'my_chats'],
    ['open and someone else’s', ticket({ id: 1, user_id: 8 }), 'opened'],
    ['open and nobody’s', ticket({ id: 1, user_id: null }), 'opened'],
  ] as const)('%s → %s', (_label, t, tab) => {
    expect(ticketTab(t, me)).toBe(tab);
  });

  it('never puts an unassigned ticket in my_chats of a viewer without id', () => {
    expect(ticketTab(ticket({ id: 1, user_id: null }), null)).toBe('opened');
    expect(ticketTab(ticket({ id: 1, user_id: undefined }), undefined)).toBe('opened');
  });
});

describe('matchesTabCombination', () => {
  const me = 7;
  const passive = { is_campaign: 1, campaign: { name: 'Resposta passiva' } };
  it.each([
    ['my attendance ticket', ticket({ id: 1, user_id: me }), { tab: 'my_chats', is_campaign: false }, true],
    ['my attendance ticket in the campaign list', ticket({ id: 1, user_id: me }), { tab: 'my_chats', is_campaign: true }, false],
    ['my campaign ticket', ticket({ id: 1, user_id: me, is_campaign: 1 }), { tab: 'my_chats', is_campaign: true }, true],
    ['a passive response in the attendance list', ticket({ id: 1, inbox: 1, ...passive }), { tab: 'inbox', is_campaign: false }, true],
    ['a passive response in the campaign list', ticket({ id: 1, inbox: 1, ...passive }), { tab: 'inbox', is_campaign: true }, false],
    ['a closed ticket in the opened list', ticket({ id: 1, finished_ticket: 1 }), { tab: 'opened', is_campaign: false }, false],
  ] as const)('%s → %s', (_label, t, combination, expected) => {
    expect(matchesTabCombination(t, combination, me)).toBe(expected);
  });

  it('puts every ticket in exactly one of the tab × kind lists', () => {
    const all = [...TAB_COMBINATIONS, { tab: 'closed', is_campaign: true } as const];
    const tickets = [
      ticket({ id: 1 }),
      ticket({ id: 2, user_id: me, is_campaign: 1 }),
      ticket({ id: 3, inbox: 1, ...passive }),
      ticket({ id: 4, finished_ticket: 1, is_campaign: 1 }),
    ];
    for (const t of tickets) expect(all.filter((c) => matchesTabCombination(t, c, me))).toHaveLength(1);
  });
});

describe('canSeeInboxTicket (SPEC §4)', () => {
  const ofSales = ticket({ id: 1, inbox: 1, inbox_department_id: 5 });
  const ofSupport = ticket({ id: 2, inbox: 1, inbox_department_id: 6 });
  const ofNone = ticket({ id: 3, inbox: 1, inbox_department_id: null });

  it.each([
    ['administrador, own department', admin, ofSales, true],
    ['administrador, other department', admin, ofSupport, true],
    ['administrador, no department', admin, ofNone, true],
    ['department user, own department', sales, ofSales, true],
    ['department user, own department given as a string', { roleName: 'atendente', departmentId: '5' }, ofSales, true],
    ['department user, other department', sales, ofSupport, false],
    ['department user, ticket without department', sales, ofNone, false],
    ['user without department, department ticket', noDepartment, ofSales, false],
    ['user without department, ticket without department', noDepartment, ofNone, true],
    ['user with undefined department, ticket without department', { roleName: 'atendente' }, ofNone, true],
  ] as const)('%s → %s', (_label, viewer, t, expected) => {
    expect(canSeeInboxTicket(t, viewer)).toBe(expected);
  });

  it('does not restrict tickets outside the inbox', () => {
    expect(canSeeInboxTicket(ticket({ id: 4, inbox: 0, inbox_department_id: 6 }), sales)).toBe(true);
    expect(canSeeInboxTicket(ticket({ id: 5, inbox: 1, finished_ticket: 1, inbox_department_id: 6 }), sales)).toBe(true);
  });

  it('hides a ticket once it moves to another department', () => {
    const moved = { ...ofSales, inbox_department_id: 6 };
    expect(canSeeInboxTicket(ofSales, sales)).toBe(true);
    expect(canSeeInboxTicket(moved, sales)).toBe(false);
  });
});

describe('canSeeTicket', () => {
  const me = { roleName: 'atendente', departmentId: 5, userId: 7 };
  it.each([
    ['my open ticket', ticket({ id: 1, user_id: 7 }), true],
    ['my closed ticket', ticket({ id: 1, user_id: 7, finished_ticket: 1 }), true],
    ['my ticket, id as a string', ticket({ id: 1, user_id: '7' }), true],
    ['a ticket transferred to me in another department’s inbox', ticket({ id: 1, user_id: 7, inbox: 1, inbox_department_id: 6 }), true],
    ['someone else’s open ticket', ticket({ id: 1, user_id: 8 }), false],
    ['someone else’s closed ticket', ticket({ id: 1, user_id: 8, finished_ticket: 1 }), false],
    ['an unassigned open ticket', ticket({ id: 1, user_id: null }), false],
    ['an inbox ticket of my department', ticket({ id: 1, inbox: 1, inbox_department_id: 5 }), true],
    ['an inbox ticket of another department', ticket({ id: 1, inbox: 1, inbox_department_id: 6 }), false],
    ['an inbox ticket without department', ticket({ id: 1, inbox: 1 }), false],
  ] as const)('attendant: %s → %s', (_label, t, expected) => {
    expect(canSeeTicket(t, me)).toBe(expected);
  });

  it('lets administrador see everything', () => {
    const boss = { roleName: 'administrador', departmentId: null, userId: 1 };
    for (const t of [ticket({ id: 1, user_id: 8 }), ticket({ id: 2, inbox: 1, inbox_department_id: 6 }), ticket({ id: 3 })]) {
      expect(canSeeTicket(t, boss)).toBe(true);
    }
  });

  it('lets a user without department see unassigned-department inbox tickets only', () => {
    const loner = { roleName: 'atendente', departmentId: null, userId: 9 };
    expect(canSeeTicket(ticket({ id: 1, inbox: 1 }), loner)).toBe(true);
    expect(canSeeTicket(ticket({ id: 2, inbox: 1, inbox_department_id: 5 }), loner)).toBe(false);
  });
});

describe('pickable inbox ticket (SPEC §4)', () => {
  const on = { older_inbox_chats_first: 'true' };
  const inbox = (id: number, createdAt: string | null, extra: Partial<TicketLike> = {}) =>
    ticket({ id, inbox: 1, inbox_department_id: 5, createdAt, ...extra });

  const queue = [
    inbox(1, '2024-01-02T12:00:00Z'),
    inbox(2, '2024-01-02T10:00:00Z'),
    inbox(3, '2024-01-02T09:00:00Z', { customer: { is_favorite: 1 } }),
    inbox(4, '2024-01-02T08:00:00Z', { inbox_department_id: 6 }),
    ticket({ id: 5, user_id: 9, createdAt: '2024-01-01T00:00:00Z' }),
    inbox(6, '2024-01-01T00:00:00Z', { finished_ticket: 1 }),
  ];

  it('lets a department user pick only the oldest visible non-favorite inbox ticket', () => {
    expect(pickableInboxTicketId(queue, sales, on)).toBe(2);
  });

  it.each([
    ['the setting is off', sales, { older_inbox_chats_first: 'false' }],
    ['the setting is missing', sales, {}],
    ['the setting is null', sales, { older_inbox_chats_first: null }],
    ['the viewer is administrador', { roleName: 'administrador', departmentId: 5 }, on],
    ['the viewer has no department', noDepartment, on],
  ])("imposes no order when %s", (_label, viewer, settings) => {
    expect(pickableInboxTicketId(queue, viewer, settings)).toBe('any');
  });

  it.each([['true'], ['TRUE'], [' 1 '], [true]])('reads %j as on', (value) => {
    expect(pickableInboxTicketId(queue, sales, { older_inbox_chats_first: value })).toBe(2);
  });

  it('counts favorites too when they must wait their turn (older_inbox_chats_obligatorie_in_first)', () => {
    expect(pickableInboxTicketId(queue, sales, { ...on, older_inbox_chats_obligatorie_in_first: 'true' })).toBe(3);
    expect(pickableInboxTicketId(queue, sales, { ...on, older_inbox_chats_obligatorie_in_first: 'false' })).toBe(2);
    expect(pickableInboxTicketId(queue, sales, { older_inbox_chats_first: 'false', older_inbox_chats_obligatorie_in_first: 'true' })).toBe('any');
  });

  it('gives null when there is no candidate', () => {
    expect(pickableInboxTicketId([], sales, on)).toBeNull();
    expect(pickableInboxTicketId([inbox(3, '2024-01-02T09:00:00Z', { customer: { is_favorite: true } })], sales, on)).toBeNull();
  });

  it('breaks equal ages by the lower id and puts tickets without createdAt last', () => {
    const same = '2024-01-02T10:00:00Z';
    expect(pickableInboxTicketId([inbox(12, same), inbox(11, same)], sales, on)).toBe(11);
    expect(pickableInboxTicketId([inbox(1, null), inbox(2, '2030-01-01T00:00:00Z')], sales, on)).toBe(2);
    expect(pickableInboxTicketId([inbox(2, null), inbox(1, null)], sales, on)).toBe(1);
  });

  it('orders by time, not by the text of createdAt', () => {
    const tickets = [inbox(1, '2024-01-02T10:00:00-03:00'), inbox(2, '2024-01-02T12:00:00Z')];
    expect(pickableInboxTicketId(tickets, sales, on)).toBe(2);
  });

  it('does not change the input order', () => {
    const copy = [...queue];
    pickableInboxTicketId(queue, sales, on);
    expect(queue).toEqual(copy);
  });

  it('blocks the other inbox tickets with the pt-BR reason', () => {
    const pickable = pickableInboxTicketId(queue, sales, on);
    expect(pickBlockReason(queue[1] as TicketLike, pickable)).toBeNull();
    expect(pickBlockReason(queue[0] as TicketLike, pickable)).toBe('Atenda primeiro o atendimento mais antigo da fila.');
    expect(pickBlockReason(queue[2] as TicketLike, pickable)).toBe(PICK_OLDEST_FIRST_MESSAGE);
    expect(isPickable(queue[2] as TicketLike, pickable)).toBe(false);
  });

  it('blocks every inbox ticket when none is pickable', () => {
    expect(isPickable(inbox(1, null), null)).toBe(false);
  });

  it('does not block tickets outside the inbox, nor anything when no order applies', () => {
    expect(pickBlockReason(queue[4] as TicketLike, 2)).toBeNull();
    expect(pickBlockReason(queue[0] as TicketLike, 'any')).toBeNull();
    expect(isPickable(queue[0] as TicketLike, 'any')).toBe(true);
  });

  it('matches ids across number and string', () => {
    expect(isPickable(inbox(2, null), '2')).toBe(true);
  });
});

describe('compareByLastMessage', () => {
  const sorted = (tickets: TicketLike[]) => [...tickets].sort(compareByLastMessage).map((t) => t.id);

  it('puts the newest last message first', () => {
    expect(
      sorted([
        ticket({ id: 1, last_msg: '2024-01-02T10:00:00Z' }),
        ticket({ id: 2, last_msg: '2024-01-02T12:00:00Z' }),
        ticket({ id: 3, last_msg: '2024-01-02T11:00:00Z' }),
      ]),
    ).toEqual([2, 3, 1]);
  });

  it('breaks ties by the higher id, whatever the input order', () => {
    const at = '2024-01-02T10:00:00Z';
    const tickets = [ticket({ id: 9, last_msg: at }), ticket({ id: 10, last_msg: at }), ticket({ id: 2, last_msg: at })];
    expect(sorted(tickets)).toEqual([10, 9, 2]);
    expect(sorted([...tickets].reverse())).toEqual([10, 9, 2]);
  });

  it('falls back to createdAt, and puts tickets with neither last', () => {
    expect(
      sorted([
        ticket({ id: 1 }),
        ticket({ id: 2, createdAt: '2024-01-02T11:00:00Z' }),
        ticket({ id: 3, last_msg: '2024-01-02T10:00:00Z', createdAt: '2024-01-03T00:00:00Z' }),
        ticket({ id: 4 }),
      ]),
    ).toEqual([2, 3, 4, 1]);
  });

  it('accepts epoch ms, Dates and local timestamps', () => {
    expect(
      sorted([
        ticket({ id: 1, last_msg: Date.UTC(2024, 0, 2, 13) }),
        ticket({ id: 2, last_msg: new Date(Date.UTC(2024, 0, 2, 14)) }),
        ticket({ id: 3, last_msg: '2024-01-02 10:30:00' }),
      ]),
    ).toEqual([2, 3, 1]);
  });

  it('is zero only for the same id and time', () => {
    const a = ticket({ id: 1, last_msg: 5 });
    expect(compareByLastMessage(a, { ...a })).toBe(0);
  });
});
