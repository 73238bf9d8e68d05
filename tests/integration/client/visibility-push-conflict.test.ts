import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncTransport } from '../../../src/app/data/replication/transport';
import { viewedTicketEdit } from '../../../src/app/data/replication/documents';
import { signedInCaller } from './support/admin-api';
import { startSyncServer, type SyncServer } from './support/sync-server';
import { eventually, signIn, startClient } from './support/sync-client';

/**
 * A ticket that leaves a user's view while that user's write to it (viewed: unseenMsg 0) is
 * still being pushed (convergence seed 254): the pulled tombstone meets a local write not yet
 * pushed, so RxDB leaves it to the push, whose answer is the tombstone. The ticket's messages
 * must leave with it, as they do when the tombstone comes by pull.
 */
const CHANGE_DEPARTMENT = `mutation ($id: ID!, $dep: ID) { changeChatTicketDepartment(id: $id, inbox_department_id: $dep) { id } }`;

let server: SyncServer;

beforeAll(async () => {
  server = await startSyncServer();
});
afterAll(async () => {
  await server?.close();
});

/** A latch a request can wait on. */
function latch() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * Holds the answer of the next tickets' pull and the tickets' pushes until released; no
 * socket, so nothing arrives but by pull.
 */
function gatedTickets(transport: SyncTransport) {
  const gates = { pullAnswer: latch(), pullArmed: false, pullsHeld: 0, push: latch(), pushesWaiting: 0 };
  const wrapped: SyncTransport = {
    ...transport,
    wsUrl: () => 'ws://127.0.0.1:9/no-stream',
    request: async (query, variables, operation) => {
      if (operation === 'pushChatTicket') {
        gates.pushesWaiting += 1;
        await gates.push.opened;
      }
      const result = await transport.request(query, variables, operation);
      if (query.includes('pullChatTicket(') && gates.pullArmed) {
        gates.pullArmed = false;
        gates.pullsHeld += 1;
        await gates.pullAnswer.opened;
      }
      return result as never;
    },
  };
  return { wrapped, gates };
}

describe('a ticket leaving while its viewed state is pushed', () => {
  it('takes its messages along', async () => {
    const phone = '5511976549254';
    await server.inbound(phone, 'Mensagem para o Suporte');
    const asAdmin = await signedInCaller(server.url, 'admin@demo.local');
    const ticketId = await server.ticketIdOf(phone);
    const vendas = (await signIn(server.url, 'ana@demo.local')).user.departmentId;
    let gates: ReturnType<typeof gatedTickets>['gates'] | undefined;
    const client = await startClient({
      baseUrl: () => server.url,
      email: 'bruno@demo.local',
      instanceId: await server.instanceId('demo'),
      collections: ['customerchats', 'chattickets', 'customers'],
      wrap: (transport) => {
        const gated = gatedTickets(transport);
        gates = gated.gates;
        return gated.wrapped;
      },
    });
    try {
      await asAdmin(CHANGE_DEPARTMENT, { id: ticketId, dep: client.user.departmentId });
      client.engine.leader()?.reSync();
      const held = () => client.db.customerchats.find({ selector: { ticket_key: ticketId } }).exec();
      await eventually('Bruno holds the ticket and its message', async () => (await held()).length === 1);
      const ticket = await client.db.chattickets.findOne(ticketId).exec();
      expect(ticket?.unseenMsg).toBeGreaterThan(0);

      // The pull carrying the tombstone is answered, then waits while the viewed state goes up.
      await asAdmin(CHANGE_DEPARTMENT, { id: ticketId, dep: vendas });
      gates!.pullArmed = true;
      const tickets = client.engine.leader()!.replications.get('chattickets')!;
      tickets.state.reSync();
      await eventually('the tickets were pulled after the move', async () => gates!.pullsHeld === 1);
      await ticket!.incrementalPatch(viewedTicketEdit());
      await eventually('the viewed state is being pushed', async () => gates!.pushesWaiting === 1);
      gates!.pullAnswer.open();
      await eventually('the pulled tombstone was handled', async () => {
        await tickets.pullSettled();
        return true;
      });
      gates!.push.open();

      await eventually('the ticket left Bruno', async () => !(await client.db.chattickets.findOne(ticketId).exec()));
      await eventually('with its message', async () => (await held()).length === 0, 3_000);
    } finally {
      await client.remove();
    }
  });
});
