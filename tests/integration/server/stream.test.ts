import { Kind, type GraphQLObjectType } from 'graphql';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { receiveInboundBatch } from '../../../src/server/modules/messages/inbound-batch';
import { customerChatsFeed } from '../../../src/server/sync/collections/customerchats';
import type { PullBulk } from '../../../src/server/sync/pull';
import { streamQuery } from './support/operations';
import { moveToDepartment, openSyncFixture, type FixtureTenant, type Person, type SyncFixture } from './support/sync-fixture';
import { subscribeStream, wsClient, type StreamSubscription } from './support/ws-client';

describe('stream over graphql-ws (DESIGN §4)', () => {
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

  const open = async (tenant: FixtureTenant, person: Person, key: Parameters<typeof streamQuery>[0]): Promise<StreamSubscription> => {
    const client = wsClient(baseUrl, tenant.slug, tenant.tokens[person]);
    clients.push(client);
    const stream = subscribeStream(client, streamQuery(key), { instance_id: String(tenant.instanceId) });
    expect(await stream.next()).toEqual({ documents: [], checkpoint: null, resync: true });
    return stream;
  };

  it('starts every subscription with RESYNC, then delivers the change once written', async () => {
    const stream = await open(f.alpha, 'admin', 'CustomerChat');
    const { messageId } = await f.inbound(f.alpha, { from: '11922220001', text: 'ao vivo' });
    const [bulk] = await stream.until((b) => b.documents.some((d) => d.id === String(messageId)));
    expect(bulk).toMatchObject({ resync: false, documents: [{ id: String(messageId), message: 'ao vivo', _deleted: false }] });
    expect(bulk!.checkpoint!.position).toBeGreaterThan(0);
    await stream.close();

    const again = await open(f.alpha, 'admin', 'CustomerChat');
    await again.close();
  });

  it('scopes every stream to its tenant, connection and viewer', async () => {
    const streams = {
      betaAdmin: await open(f.beta, 'admin', 'ChatTicket'),
      ana: await open(f.alpha, 'ana', 'ChatTicket'),
      bruno: await open(f.alpha, 'bruno', 'ChatTicket'),
      carla: await open(f.alpha, 'carla', 'ChatTicket'),
      anaMessages: await open(f.alpha, 'ana', 'CustomerChat'),
      carlaMessages: await open(f.alpha, 'carla', 'CustomerChat'),
    };
    const { ticketId, messageId } = await f.inbound(f.alpha, { from: '11922220002', text: 'sem departamento' });
    const hasTicket = (b: { documents: Array<{ id: string }> }) => b.documents.some((d) => d.id === String(ticketId));
    // A new inbox ticket of no department: only those without a department (and administrador) see it.
    expect((await streams.carla.until(hasTicket)).at(-1)!.documents.find((d) => d.id === String(ticketId))).toMatchObject({ inbox: true, _deleted: false });
    await streams.carlaMessages.until((b) => b.documents.some((d) => d.id === String(messageId)));
    for (const s of [streams.betaAdmin, streams.ana, streams.bruno, streams.anaMessages]) expect(await s.quiet(300)).toEqual([]);

    // Sent to Vendas: Ana gets it, Carla gets a tombstone, Bruno still nothing.
    await moveToDepartment(f, f.alpha, ticketId, f.alpha.departments.vendas);
    const toAna = (await streams.ana.until(hasTicket)).at(-1)!.documents.find((d) => d.id === String(ticketId));
    expect(toAna).toMatchObject({ _deleted: false, inbox_department_id: String(f.alpha.departments.vendas) });
    const toCarla = (await streams.carla.until(hasTicket)).at(-1)!.documents.find((d) => d.id === String(ticketId));
    expect(toCarla).toMatchObject({ _deleted: true, customer_id: '', inbox_department_id: null, last_msg_preview: null });
    // Bruno may get a tombstone (the server cannot know he never held it), never the ticket.
    const toBruno = (await streams.bruno.quiet(300)).flatMap((b) => b.documents);
    expect(toBruno.every((d) => d._deleted && d.customer_id === '')).toBe(true);

    // Then to Suporte: Ana's copy leaves as a tombstone, Bruno's arrives.
    await moveToDepartment(f, f.alpha, ticketId, f.alpha.departments.suporte);
    expect((await streams.ana.until(hasTicket)).at(-1)!.documents.find((d) => d.id === String(ticketId))).toMatchObject({ _deleted: true });
    expect((await streams.bruno.until(hasTicket)).at(-1)!.documents.find((d) => d.id === String(ticketId))).toMatchObject({ _deleted: false });
    expect(await streams.betaAdmin.quiet(100)).toEqual([]);
    await Promise.all(Object.values(streams).map((s) => s.close()));
  });

  it('hands subscribers who see the same changes one and the same bulk, and the others their own', async () => {
    const scope = { tenantId: f.alpha.tenantId, instanceId: f.alpha.instanceId };
    const admin = { userId: f.alpha.userIds.admin, roleName: 'administrador', departmentId: null };
    const carla = { userId: f.alpha.userIds.carla, roleName: 'atendente', departmentId: null };
    const ana = { userId: f.alpha.userIds.ana, roleName: 'atendente', departmentId: f.alpha.departments.vendas };
    const streams = await Promise.all([admin, { ...admin }, carla, ana].map((viewer) => f.sync.hub.subscribe(customerChatsFeed, scope, viewer)));
    for (const stream of streams) expect((await stream.next()).value).toMatchObject({ resync: true });
    const until = async (stream: (typeof streams)[number], id: number): Promise<PullBulk<{ id: string }>> => {
      for (;;) {
        const bulk = (await stream.next()).value as PullBulk<{ id: string }>;
        if (bulk.documents.some((d) => d.id === String(id))) return bulk;
      }
    };
    const { messageId } = await f.inbound(f.alpha, { from: '11922220009', text: 'para todos' });
    const [first, second, third] = await Promise.all(streams.slice(0, 3).map((stream) => until(stream, messageId)));
    // A new inbox ticket of no department: administrador and Carla (no department) see the same documents.
    expect(second).toBe(first);
    expect(third).toBe(first);
    // One transaction, two tickets: Vendas' and one of no department. Each sees what it may.
    const vendas = await f.inbound(f.alpha, { from: '11922220010', text: 'para vendas' });
    await moveToDepartment(f, f.alpha, vendas.ticketId, f.alpha.departments.vendas);
    const [toVendas, toNobody] = await receiveInboundBatch(f.sync.messaging, f.alpha.tenantId, f.alpha.instanceId, [
      { tenantId: f.alpha.tenantId, instanceId: f.alpha.instanceId, from: '11922220010', providerMessageId: 'wamid.shared-1', text: 'vendas' },
      { tenantId: f.alpha.tenantId, instanceId: f.alpha.instanceId, from: '11922220009', providerMessageId: 'wamid.shared-2', text: 'geral' },
    ]);
    const [toAdmin, toAdminToo, toCarla, toAna] = await Promise.all([
      until(streams[0]!, toNobody!.messageId),
      until(streams[1]!, toNobody!.messageId),
      until(streams[2]!, toNobody!.messageId),
      until(streams[3]!, toVendas!.messageId),
    ]);
    expect(toAdminToo).toBe(toAdmin);
    expect(toAdmin.documents.map((d) => d.id)).toEqual([String(toVendas!.messageId), String(toNobody!.messageId)]);
    expect(toCarla.documents.map((d) => d.id)).toEqual([String(toNobody!.messageId)]);
    expect(toAna.documents.map((d) => d.id)).toEqual([String(toVendas!.messageId)]);
    await Promise.all(streams.map((stream) => stream.return?.()));
  });

  it('maps a change through a subscription once for the subscribers of the same view, and once per other view', async () => {
    const request = { request: new Request('http://localhost/alpha/graphql'), params: { query: '{ __typename }' } };
    const subscriptionType = f.server.app.yoga.getEnveloped(request).schema.getSubscriptionType() as GraphQLObjectType;
    // A resolver of a document type would rightly turn sharing off: count at the stream field.
    const stream = subscriptionType.getFields().streamCustomerChat!;
    const resolve = stream.resolve!;
    /** Every bulk mapped through a selection of its documents, once per mapping. */
    const mapped: Array<PullBulk<{ id: string }>> = [];
    stream.resolve = (bulk: PullBulk<{ id: string }>, args, context, info) => {
      if (info.fieldNodes[0]?.selectionSet?.selections.some((s) => s.kind === Kind.FIELD && s.name.value === 'documents')) mapped.push(bulk);
      return resolve(bulk, args, context, info) as unknown;
    };
    try {
      const streams = await Promise.all((['admin', 'admin', 'carla', 'ana'] as const).map((person) => open(f.alpha, person, 'CustomerChat')));
      const [admin, adminToo, carla, ana] = streams as [StreamSubscription, StreamSubscription, StreamSubscription, StreamSubscription];
      const has = (id: number) => (b: { documents: Array<{ id: string }> }) => b.documents.some((d) => d.id === String(id));
      // Whatever the subscribers opened after, one change brings them all to the same position.
      const first = await f.inbound(f.alpha, { from: '11922220011', text: 'todos em dia' });
      await Promise.all([admin, adminToo, carla].map((s) => s.until(has(first.messageId))));
      const vendas = await f.inbound(f.alpha, { from: '11922220012', text: 'para vendas' });
      await moveToDepartment(f, f.alpha, vendas.ticketId, f.alpha.departments.vendas);
      await f.settle();
      await Promise.all(streams.map((s) => s.quiet(300)));

      mapped.length = 0;
      const [toVendas, toNobody] = await receiveInboundBatch(f.sync.messaging, f.alpha.tenantId, f.alpha.instanceId, [
        { tenantId: f.alpha.tenantId, instanceId: f.alpha.instanceId, from: '11922220012', providerMessageId: 'wamid.views-1', text: 'vendas' },
        { tenantId: f.alpha.tenantId, instanceId: f.alpha.instanceId, from: '11922220011', providerMessageId: 'wamid.views-2', text: 'geral' },
      ]);
      const ids = (b: { documents: Array<{ id: string }> }) => b.documents.map((d) => d.id);
      const [toAdmin, toAdminToo, toCarla, toAna] = await Promise.all([
        admin.until(has(toNobody!.messageId)),
        adminToo.until(has(toNobody!.messageId)),
        carla.until(has(toNobody!.messageId)),
        ana.until(has(toVendas!.messageId)),
      ]);
      const both = [String(toVendas!.messageId), String(toNobody!.messageId)];
      expect(ids(toAdmin.at(-1)!)).toEqual(both);
      expect(toAdminToo.at(-1)).toEqual(toAdmin.at(-1));
      expect(ids(toCarla.at(-1)!)).toEqual([String(toNobody!.messageId)]);
      expect(ids(toAna.at(-1)!)).toEqual([String(toVendas!.messageId)]);
      // Four subscribers, three views: the administradores' bulk was mapped once for both.
      const batch = mapped.filter((b) => b.documents.some((d) => both.includes(d.id)));
      expect(batch.map(ids).sort()).toEqual([both, [String(toNobody!.messageId)], [String(toVendas!.messageId)]].sort());
      await Promise.all(streams.map((s) => s.close()));
    } finally {
      stream.resolve = resolve;
    }
  });

  it('refuses a connection without a valid token', async () => {
    const client = wsClient(baseUrl, f.alpha.slug, 'not-a-token');
    clients.push(client);
    const stream = subscribeStream(client, streamQuery('ChatTicket'), { instance_id: String(f.alpha.instanceId) });
    await expect(stream.next(3000)).rejects.toThrow(/4403|Unauthorized/);
  });

  it('refuses a connection the viewer may not use', async () => {
    const client = wsClient(baseUrl, f.alpha.slug, f.alpha.tokens.ana);
    clients.push(client);
    const stream = subscribeStream(client, streamQuery('ChatTicket'), { instance_id: String(f.alpha.otherInstanceId) });
    await expect(stream.next(3000)).rejects.toThrow(/FORBIDDEN|permissão/);
  });

  it('reads a change once per group, not once per subscriber', async () => {
    const streams = await Promise.all(Array.from({ length: 5 }, () => open(f.alpha, 'admin', 'CustomerChat')));
    const reads = vi.spyOn(customerChatsFeed, 'read');
    const { messageId } = await f.inbound(f.alpha, { from: '11922220003', text: 'para todos' });
    for (const s of streams) await s.until((b) => b.documents.some((d) => d.id === String(messageId)));
    // One read for the event (a poll tick may add one), whatever the number of subscribers.
    expect(reads.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(reads.mock.calls.length).toBeLessThanOrEqual(2);
    reads.mockRestore();
    await Promise.all(streams.map((s) => s.close()));
  });
});
