import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSyncScope } from '../../../src/app/data/replication/sync-scope';
import type { SyncTransport } from '../../../src/app/data/replication/transport';
import { signedInCaller } from './support/admin-api';
import { startSyncServer, type SyncServer } from './support/sync-server';
import { eventually, signIn, startClient } from './support/sync-client';

/**
 * A ticket that leaves a user's view and comes straight back between two pulls of its tickets
 * (convergence seed 161): the tickets feed only ever shows that user the ticket visible, with
 * the same department, while the messages feed passed the ticket's messages as invisible in
 * between. The messages must still reach the user: the ticket comes back with a new visibility
 * position, which makes the client load its latest messages again.
 */
const CHANGE_DEPARTMENT = `mutation ($id: ID!, $dep: ID) { changeChatTicketDepartment(id: $id, inbox_department_id: $dep) { id } }`;

let server: SyncServer;

beforeAll(async () => {
  server = await startSyncServer();
});
afterAll(async () => {
  await server?.close();
});

/** Holds the messages' pulls until released; no socket, so nothing arrives but by pull. */
function gatedMessagePulls(transport: SyncTransport) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const wrapped: SyncTransport = {
    ...transport,
    wsUrl: () => 'ws://127.0.0.1:9/no-stream',
    request: async (query, variables, operation) => {
      if (query.includes('pullCustomerChat(')) await gate;
      return transport.request(query, variables, operation);
    },
  };
  return { wrapped, release };
}

describe('a ticket out of view and straight back', () => {
  it('still brings the messages its user missed meanwhile', async () => {
    const phone = '5511976549161';
    await server.inbound(phone, 'Primeira mensagem');
    const asAdmin = await signedInCaller(server.url, 'admin@demo.local');
    const ticketId = await server.ticketIdOf(phone);
    const other = (await signIn(server.url, 'bruno@demo.local')).user.departmentId;
    let release: () => void = () => {};

    const client = await startClient({
      baseUrl: () => server.url,
      email: 'ana@demo.local',
      instanceId: await server.instanceId('demo'),
      collections: ['customerchats', 'chattickets', 'customers'],
      wrap: (transport) => {
        const gated = gatedMessagePulls(transport);
        release = gated.release;
        return gated.wrapped;
      },
      visibleTicketDelayMs: 10,
    });
    try {
      const vendas = client.user.departmentId;
      await asAdmin(CHANGE_DEPARTMENT, { id: ticketId, dep: vendas });
      client.engine.leader()?.reSync(['chattickets']);
      await eventually('Ana holds the ticket', async () => !!(await client.db.chattickets.findOne(ticketId).exec()));

      // Out of Ana's view while her messages' first pull runs, then straight back.
      await asAdmin(CHANGE_DEPARTMENT, { id: ticketId, dep: other });
      release();
      await client.engine.leader()?.replications.get('customerchats')?.state.awaitInitialReplication();
      await asAdmin(CHANGE_DEPARTMENT, { id: ticketId, dep: vendas });
      client.engine.leader()?.reSync();

      await eventually(
        'the ticket is back with its message',
        async () => (await client.db.customerchats.find({ selector: { ticket_key: ticketId } }).exec()).length === 1,
        3_000,
      );
      expect((await client.db.chattickets.findOne(ticketId).exec())?.inbox_department_id).toBe(vendas);
    } finally {
      await client.remove();
    }
  });

  it('loads nothing again for an administrador, who saw the ticket all along', async () => {
    const phone = '5511976549162';
    await server.inbound(phone, 'Primeira mensagem');
    const asAdmin = await signedInCaller(server.url, 'admin@demo.local');
    const ticketId = await server.ticketIdOf(phone);
    const departments = [(await signIn(server.url, 'ana@demo.local')).user.departmentId, (await signIn(server.url, 'bruno@demo.local')).user.departmentId];
    const loads: string[] = [];
    const client = await startClient({
      baseUrl: () => server.url,
      email: 'admin@demo.local',
      instanceId: await server.instanceId('demo'),
      collections: ['customerchats', 'chattickets', 'customers'],
      wrap: (transport) => ({
        ...transport,
        request: async (query, variables, operation) => {
          if (query.includes('customerChatsPaginated')) loads.push(String(variables?.id));
          return transport.request(query, variables, operation);
        },
      }),
      visibleTicketDelayMs: 10,
    });
    try {
      await eventually('the scope is stored', async () => (await readSyncScope(client.db))?.scope);
      const held = await eventually('the ticket is held', () => client.db.chattickets.findOne(ticketId).exec());
      const before = held.vis_position;
      expect(before).toBeTypeOf('number');

      for (const dep of departments) await asAdmin(CHANGE_DEPARTMENT, { id: ticketId, dep });
      client.engine.leader()?.reSync(['chattickets']);
      await eventually('the move is stored', async () => (await client.db.chattickets.findOne(ticketId).exec())?.vis_position !== before);

      // A ticket arriving afterwards is loaded through the same queue, after any load of the move.
      const later = '5511976549163';
      await server.inbound(later, 'Outra conversa');
      const laterId = await server.ticketIdOf(later);
      client.engine.leader()?.reSync(['chattickets']);
      await eventually('the new ticket is loaded', async () => loads.includes(laterId));
      expect(loads.filter((id) => id === ticketId)).toEqual([]);
    } finally {
      await client.remove();
    }
  });
});
