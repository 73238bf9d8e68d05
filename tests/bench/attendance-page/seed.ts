import type { PedbotDatabase } from '../../../src/app/data/schema';
import { messageSortKey, ticketSortKey } from '../../../src/app/data/schema/sort-key';
import { LONG_CONVERSATION } from './long-conversation';

export const TICKETS = 10_000;
export const MESSAGES = 100_000;

const BASE = Date.parse('2025-03-10T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const NAMES = ['Maria Souza', 'João Pereira', 'Ana Lima', 'Carlos Santos', 'Fernanda Rocha', 'Pedro Henrique', 'Luiza Alves', 'Rafael Costa'];

/** Writes the benchmark's data set in batches (one IndexedDB transaction per batch). */
export async function seedBenchData(db: PedbotDatabase): Promise<{ tickets: number; messages: number; ms: number }> {
  const started = performance.now();
  const customers = [];
  const tickets = [];
  for (let i = 0; i < TICKETS; i += 1) {
    const id = String(i + 1);
    const lastAt = iso(BASE - i * 60_000);
    customers.push({
      id,
      name: `${NAMES[i % NAMES.length]} ${i + 1}`,
      phone_number: `55119${String(80000000 + i).padStart(8, '0')}`,
      is_favorite: i % 17 === 0,
      is_blacklisted: false,
      is_blacklisted_campaign: false,
      updatedAt: 1,
    });
    tickets.push({
      id,
      is_campaign: false,
      instance_id: '1',
      user_id: '1',
      finished_ticket: false,
      open_by_template: false,
      customer_id: id,
      last_msg: lastAt,
      last_msg_preview: i % 3 === 0 ? 'Olá, *gostaria* de saber o _prazo_ do meu pedido' : 'Obrigado!',
      protocol: `2025031${String(i).padStart(6, '0')}`,
      started_at: iso(BASE - i * 60_000 - 3_600_000),
      is_finishing: false,
      unseenMsg: i % 4 === 0 ? 2 : 0,
      isNotResponded: i % 5 === 0,
      inbox: false,
      createdAt: iso(BASE - i * 60_000 - 3_600_000),
      is_research: false,
      updatedAt: 1,
      owner_key: '1',
      sort_at: lastAt,
      sort_key: ticketSortKey({ id, sort_at: lastAt }),
    });
  }
  await db.customers.bulkInsert(customers);
  await db.chattickets.bulkInsert(tickets);

  let written = 0;
  let batch = [];
  const rest = MESSAGES - LONG_CONVERSATION;
  const base = Math.floor(rest / (TICKETS - 1));
  const extra = rest - base * (TICKETS - 1);
  const perTicket = (i: number) => (i === 0 ? LONG_CONVERSATION : base + (i <= extra ? 1 : 0));
  for (let i = 0; i < TICKETS && written < MESSAGES; i += 1) {
    const count = Math.min(perTicket(i), MESSAGES - written);
    for (let k = 0; k < count; k += 1) {
      const id = String(written + 1);
      const sentAt = iso(BASE - i * 60_000 - (count - k) * 30_000);
      batch.push({
        id,
        ack: 3,
        customer_id: String(i + 1),
        chat_ticket_id: String(i + 1),
        hash: `bench-${id}`,
        type: 'text',
        message: k % 7 === 0 ? 'Segue o *link*: https://loja.exemplo.com.br/pedido/123' : k % 2 ? 'Claro, vou verificar.' : 'Oi, tudo bem? Quero saber do pedido',
        sent_at: sentAt,
        is_bot_message: false,
        is_temp: false,
        unseen_msg: false,
        off_customer_chat: false,
        recovered: false,
        instance_id: '1',
        is_research: false,
        from_me: k % 2 === 1,
        updatedAt: 1,
        ticket_key: String(i + 1),
        sort_key: messageSortKey({ id, sent_at: sentAt }),
      });
      written += 1;
      if (batch.length === 5000) {
        await db.customerchats.bulkInsert(batch);
        batch = [];
      }
    }
  }
  if (batch.length) await db.customerchats.bulkInsert(batch);
  return { tickets: TICKETS, messages: written, ms: Math.round(performance.now() - started) };
}
