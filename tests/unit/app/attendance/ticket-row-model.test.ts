import { describe, expect, it } from 'vitest';
import { toTicketRow } from '../../../../src/app/features/attendance/list/ticket-row-model';
import { initialsOf } from '../../../../src/shared/domain/initials';

const NOW = '2025-03-10T15:00:00.000Z';

describe('toTicketRow', () => {
  const ticket = {
    id: '7',
    instance_id: '1',
    customer_id: '3',
    last_msg: '2025-03-10T14:40:00.000Z',
    last_msg_preview: 'Olá *Maria*, seu pedido _saiu_ ~ontem~',
    unseenMsg: 3,
    isNotResponded: true,
    protocol: '20250310-0007',
    user_id: '9',
  };
  const customer = {
    id: '3',
    name: 'Maria Souza',
    phone_number: '5511987654321',
    is_favorite: true,
    group_of_customer: { name: 'VIP', color_tag: '#e64980' },
  };

  it('shows the name, formatted phone, preview without markup, relative time and the markers', () => {
    const row = toTicketRow(ticket, customer, NOW);
    expect(row).toMatchObject({
      name: 'Maria Souza',
      initials: 'MS',
      phone: '(11) 98765-4321',
      preview: 'Olá Maria, seu pedido saiu ontem',
      time: '20 min',
      unseen: 3,
      favorite: true,
      group: { name: 'VIP', color: '#e64980' },
      notResponded: true,
      protocol: '20250310-0007',
      pickBlockReason: null,
    });
  });

  it('falls back to the phone when the customer has no name, and to the ticket when the customer is not local yet', () => {
    expect(toTicketRow(ticket, { ...customer, name: null }, NOW).name).toBe('(11) 98765-4321');
    expect(toTicketRow({ ...ticket, customer_name: 'João' }, null, NOW).name).toBe('João');
  });

  it('carries the reason a ticket cannot be picked', () => {
    expect(toTicketRow(ticket, customer, NOW, { pickBlockReason: 'Atenda primeiro' }).pickBlockReason).toBe('Atenda primeiro');
  });
});

describe('initialsOf', () => {
  it('takes the first and last words', () => {
    expect(initialsOf('ana maria de souza')).toBe('AS');
    expect(initialsOf('Zé')).toBe('Z');
    expect(initialsOf('  ')).toBe('?');
    // A trailing number is no surname: the list and the conversation's header show the same letters.
    expect(initialsOf('Cliente Novo 23')).toBe('CN');
    expect(initialsOf('5511 99999')).toBe('5');
  });
});
