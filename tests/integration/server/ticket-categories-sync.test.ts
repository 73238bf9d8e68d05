import type { Client } from 'graphql-ws';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/server/db/migrate';
import { pushQuery, streamQuery, type PullBulk } from './support/operations';
import { pullAll, pullOnce } from './support/pull';
import { openSyncFixture, type SyncFixture } from './support/sync-fixture';
import { subscribeStream, wsClient } from './support/ws-client';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CREATE_CATEGORY = 'mutation ($input: CategoryInput!) { createCategory(input: $input) { id } }';
const SET_CATEGORIES = 'mutation ($t: ID!, $c: [ID!]!) { setTicketCategories(chat_ticket_id: $t, category_ids: $c) { id } }';
const READ_CATEGORIES = 'query ($t: ID!) { ticketCategories(chat_ticket_id: $t) { id } }';

/** ChatTicket.category_ids: tagging a ticket reaches every client that sees it through the feed, and no one else. */
describe('ticket categories in the chattickets feed', () => {
  let f: SyncFixture;
  let baseUrl: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    f = await openSyncFixture();
    baseUrl = await f.listen();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await f?.close();
  });

  const category = async (name: string): Promise<string> => {
    const created = await f.gql<Data>(f.alpha, 'admin', CREATE_CATEGORY, { input: { name, color: '#336699' } });
    expect(created.errors).toBeUndefined();
    return created.data!.createCategory.id as string;
  };

  it('carries the ids in pulls and streams after tagging and after a category is deleted, and keeps other viewers and tenants out', async () => {
    const troca = await category('Troca');
    const entrega = await category('Entrega');
    const { ticketId } = await f.inbound(f.alpha, { from: '11966660001', name: 'Iara', text: 'quero trocar' });
    const id = String(ticketId);
    const first = await pullAll(f, f.alpha, 'admin', 'ChatTicket');
    expect(first.docs.get(id)).toMatchObject({ category_ids: [] });
    const carlaStart = (await pullAll(f, f.alpha, 'carla', 'ChatTicket')).checkpoint;

    const client = wsClient(baseUrl, f.alpha.slug, f.alpha.tokens.admin);
    clients.push(client);
    const stream = subscribeStream(client, streamQuery('ChatTicket'), { instance_id: String(f.alpha.instanceId) });
    expect(await stream.next()).toMatchObject({ resync: true });

    // Given in any order, carried in ascending id order.
    const tagged = await f.gql<Data>(f.alpha, 'carla', SET_CATEGORIES, { t: id, c: [entrega, troca] });
    expect(tagged.errors).toBeUndefined();
    const both = [troca, entrega].sort((a, b) => Number(a) - Number(b));
    const streamed = await stream.until((b) => b.documents.some((d) => d.id === id && (d.category_ids as string[]).length === 2));
    expect(streamed.at(-1)!.documents.find((d) => d.id === id)).toMatchObject({ category_ids: both, _deleted: false });
    const pulled = await pullOnce(f, f.alpha, 'admin', 'ChatTicket', first.checkpoint);
    expect(pulled.documents.map((d) => [d.id, d.category_ids])).toEqual([[id, both]]);
    expect((await pullOnce(f, f.alpha, 'carla', 'ChatTicket', carlaStart)).documents.find((d) => d.id === id)).toMatchObject({ category_ids: both });

    // Saving the same set again writes nothing: no feed traffic for a no-op.
    expect((await f.gql<Data>(f.alpha, 'admin', SET_CATEGORIES, { t: id, c: both })).errors).toBeUndefined();
    expect((await pullOnce(f, f.alpha, 'admin', 'ChatTicket', pulled.checkpoint)).documents).toEqual([]);

    // Ana (Vendas) does not see this inbox ticket of no department; Beta is another tenant.
    await f.settle();
    const anaStart = (await pullAll(f, f.alpha, 'ana', 'ChatTicket')).docs;
    expect(anaStart.has(id)).toBe(false);
    for (const [tenant, person] of [
      [f.alpha, 'ana'],
      [f.beta, 'admin'],
    ] as const) {
      const write = await f.gql<Data>(tenant, person, SET_CATEGORIES, { t: id, c: [] });
      expect(write.errors?.[0]?.extensions?.code, `${tenant.slug} ${person}`).toBe('VALIDATION');
      const read = await f.gql<Data>(tenant, person, READ_CATEGORIES, { t: id });
      expect(read.errors?.[0]?.extensions?.code, `${tenant.slug} ${person}`).toBe('VALIDATION');
    }
    const betaClient = wsClient(baseUrl, f.beta.slug, f.beta.tokens.admin);
    clients.push(betaClient);
    const betaStream = subscribeStream(betaClient, streamQuery('ChatTicket'), { instance_id: String(f.beta.instanceId) });
    expect(await betaStream.next()).toMatchObject({ resync: true });
    const withBeta = await f.gql<Data>(f.beta, 'admin', `{ categories { id } }`);
    expect(withBeta.data!.categories).toEqual([]);
    expect((await pullOnce(f, f.alpha, 'admin', 'ChatTicket', pulled.checkpoint)).documents).toEqual([]);

    // Deleting a category untags its tickets, live.
    const deleted = await f.gql<Data>(f.alpha, 'admin', 'mutation ($id: ID!) { deleteCategory(id: $id) }', { id: troca });
    expect(deleted.errors).toBeUndefined();
    const afterDelete = await stream.until((b) => b.documents.some((d) => d.id === id && (d.category_ids as string[]).length === 1));
    const master = afterDelete.at(-1)!.documents.find((d) => d.id === id)!;
    expect(master.category_ids).toEqual([entrega]);
    expect(await betaStream.quiet(200)).toEqual([]);
    await Promise.all([stream.close(), betaStream.close()]);

    // A client still holding the longer list is answered with the master's, even on a push that changes nothing else.
    const stale = { ...master, category_ids: [...both] };
    const push = await f.gql<Data>(f.alpha, 'admin', pushQuery('ChatTicket'), { rows: [{ assumedMasterState: stale, newDocumentState: stale }] });
    expect(push.errors).toBeUndefined();
    expect((push.data!.pushChatTicket as PullBulk['documents']).map((d) => [d.id, d.category_ids])).toEqual([[id, [entrega]]]);
    const current = { ...master };
    const same = await f.gql<Data>(f.alpha, 'admin', pushQuery('ChatTicket'), { rows: [{ assumedMasterState: current, newDocumentState: current }] });
    expect(same.data!.pushChatTicket).toEqual([]);
  });
  it('sends the tickets tagged before the upgrade again, once, so clients that stored them without categories get them', async () => {
    const frete = await category('Frete');
    const { ticketId: taggedId } = await f.inbound(f.alpha, { from: '11966660011', name: 'Joana', text: 'frete?' });
    const { ticketId: plainId } = await f.inbound(f.alpha, { from: '11966660012', name: 'Lia', text: 'oi' });
    expect((await f.gql<Data>(f.alpha, 'admin', SET_CATEGORIES, { t: String(taggedId), c: [frete] })).errors).toBeUndefined();
    const { checkpoint } = await pullAll(f, f.alpha, 'admin', 'ChatTicket');

    const migration = '0165-resend-tagged-tickets.sql';
    await f.database.asOwner((db) => sql`delete from pedbot_migrations where name = ${migration}`.execute(db));
    expect(await f.database.asOwner((db) => runMigrations(db))).toEqual([migration]);

    const resent = await pullOnce(f, f.alpha, 'admin', 'ChatTicket', checkpoint);
    expect(resent.documents.map((d) => [d.id, d.category_ids])).toContainEqual([String(taggedId), [frete]]);
    expect(resent.documents.map((d) => d.id)).not.toContain(String(plainId));
  });
});
