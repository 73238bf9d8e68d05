import { describe, expect, it } from 'vitest';
import { ticketAbilities, ticketState } from '../../../../src/app/features/attendance/model/ticket-state';
import { transferCandidates } from '../../../../src/app/features/attendance/model/transfer-targets';
import { formatRemaining, lastIncomingAt, windowRemainingMs } from '../../../../src/app/features/attendance/model/service-window';
import type { TicketView } from '../../../../src/app/features/attendance/model/types';

const ticket = (extra: Partial<TicketView>): TicketView => ({ id: '1', instance_id: '1', customer_id: '1', ...extra });
const attendant = { userId: '2', roleName: 'atendente' };
const admin = { userId: '1', roleName: 'administrador' };

describe('ticketState', () => {
  it('follows inbox → open → finishing → closed', () => {
    expect(ticketState(ticket({ inbox: true }))).toBe('inbox');
    expect(ticketState(ticket({ user_id: '2' }))).toBe('open');
    expect(ticketState(ticket({ user_id: '2', is_finishing: true }))).toBe('finishing');
    expect(ticketState(ticket({ finished_ticket: true, inbox: true }))).toBe('closed');
  });
});

describe('ticketAbilities', () => {
  it('lets anyone pick a pickable inbox ticket, but nobody answer it before picking', () => {
    expect(ticketAbilities(ticket({ inbox: true }), attendant, true)).toMatchObject({ pick: true, reply: false, close: false });
    expect(ticketAbilities(ticket({ inbox: true }), attendant, false).pick).toBe(false);
  });
  it('lets the holder (or administrador) answer, transfer, close and flag research', () => {
    const mine = ticket({ user_id: '2' });
    expect(ticketAbilities(mine, attendant, true)).toEqual({ pick: false, reply: true, transfer: true, close: true, research: true });
    expect(ticketAbilities(ticket({ user_id: '3' }), attendant, true).reply).toBe(false);
    expect(ticketAbilities(ticket({ user_id: '3' }), admin, true).close).toBe(true);
  });
  it('offers nothing but reading on a closed ticket', () => {
    expect(ticketAbilities(ticket({ user_id: '2', finished_ticket: true }), attendant, true)).toEqual({
      pick: false,
      reply: false,
      transfer: false,
      close: false,
      research: false,
    });
  });
});

describe('transferCandidates', () => {
  it('lists online attendants first, by name, without the current holder', () => {
    const users = [
      { id: '2', name: 'Ana', isConnected: true },
      { id: '3', name: 'bruno', isConnected: false },
      { id: '4', name: 'Carla', isConnected: true },
      { id: '5', name: 'Álvaro', isConnected: false },
    ];
    expect(transferCandidates(users, '2').map((u) => u.name)).toEqual(['Carla', 'Álvaro', 'bruno']);
    expect(transferCandidates(users, '2', 'alv').map((u) => u.name)).toEqual(['Álvaro']);
  });
});

describe('24 h service window', () => {
  const messages = [
    { id: '1', hash: 'a', customer_id: '1', instance_id: '1', type: 'text', sent_at: '2025-03-10T10:00:00.000Z', from_me: false },
    { id: '2', hash: 'b', customer_id: '1', instance_id: '1', type: 'text', sent_at: '2025-03-10T11:00:00.000Z', from_me: true },
  ];
  it('counts down from the customer’s last message, not ours', () => {
    const last = lastIncomingAt(messages);
    expect(last).toBe(Date.parse('2025-03-10T10:00:00.000Z'));
    expect(windowRemainingMs(last, '2025-03-11T09:30:00.000Z')).toBe(30 * 60_000);
    expect(windowRemainingMs(last, '2025-03-11T10:00:01.000Z')).toBe(0);
    expect(windowRemainingMs(null, '2025-03-11T10:00:01.000Z')).toBe(0);
    expect(formatRemaining(23 * 3600_000 + 5 * 60_000)).toBe('23 h 05 min');
    expect(formatRemaining(30 * 1000)).toBe('< 1 min');
  });
});
