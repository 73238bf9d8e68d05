import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMessageDocument } from '../../../src/server/modules/messages/message-document';
import { toTicketDocument } from '../../../src/server/modules/tickets/ticket-document';
import { FEED_START } from '../../../src/server/sync/checkpoint';
import { chatTicketsFeed } from '../../../src/server/sync/collections/chattickets';
import { customerChatsFeed } from '../../../src/server/sync/collections/customerchats';
import { testServerUrl } from '../../helpers/test-database';
import { pullAll, pullOnce } from './support/pull';
import { openSyncFixture, type SyncFixture } from './support/sync-fixture';

describe('change feed (DESIGN §4)', () => {
  let f: SyncFixture;
  beforeAll(async () => {
    f = await openSyncFixture();
  });
  afterAll(() => f?.close());

  it('pulls rows in change order, page by page, and an update moves a row behind later writes', async () => {
    const start = (await pullAll(f, f.alpha, 'admin', 'CustomerChat')).checkpoint;
    const first = await f.inbound(f.alpha, { from: '11911110001', text: 'um' });
    const second = await f.inbound(f.alpha, { from: '11911110002', text: 'dois' });
    const third = await f.inbound(f.alpha, { from: '11911110003', text: 'três' });

    const page1 = await pullOnce(f, f.alpha, 'admin', 'CustomerChat', start, 2);
    expect(page1.documents.map((d) => d.message)).toEqual(['um', 'dois']);
    const page2 = await pullOnce(f, f.alpha, 'admin', 'CustomerChat', page1.checkpoint, 2);
    expect(page2.documents.map((d) => d.message)).toEqual(['três']);
    expect(page2.checkpoint!.position).toBeGreaterThan(page1.checkpoint!.position);
    expect(await pullOnce(f, f.alpha, 'admin', 'CustomerChat', page2.checkpoint, 2)).toMatchObject({ documents: [], checkpoint: page2.checkpoint });

    await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.updateTable('customer_chats').set({ recovered: true }).where('tenant_id', '=', f.alpha.tenantId).where('id', '=', first.messageId).execute(),
    );
    const after = await pullOnce(f, f.alpha, 'admin', 'CustomerChat', page2.checkpoint);
    expect(after.documents.map((d) => [d.id, d.recovered])).toEqual([[String(first.messageId), true]]);
    expect([second.messageId, third.messageId].map(String)).not.toContain(after.documents[0]?.id);
  });

  it('sends a deleted row as a tombstone and sets updatedAt on the server', async () => {
    const { checkpoint } = await pullAll(f, f.alpha, 'admin', 'CustomerChat');
    const message = await f.inbound(f.alpha, { from: '11911110004', text: 'apagar' });
    const before = Date.now();
    await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.updateTable('customer_chats').set({ deleted_at: new Date() }).where('tenant_id', '=', f.alpha.tenantId).where('id', '=', message.messageId).execute(),
    );
    const bulk = await pullOnce(f, f.alpha, 'admin', 'CustomerChat', checkpoint);
    expect(bulk.documents).toHaveLength(1);
    expect(bulk.documents[0]).toMatchObject({ id: String(message.messageId), _deleted: true, message: 'apagar' });
    expect(Number(bulk.documents[0]!.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Number.isInteger(bulk.documents[0]!.updatedAt)).toBe(true);
  });

  it('builds the same documents in SQL (feed) as in TypeScript (queries)', async () => {
    const { messageId, ticketId } = await f.inbound(f.alpha, { from: '11911110009', text: 'campos', caption: 'legenda', fileName: 'a.pdf' });
    const tenantId = f.alpha.tenantId;
    await f.database.withTenant(tenantId, async (tx) => {
      await tx
        .updateTable('customer_chats')
        .set({ whatsapp_deleted_at: new Date('2025-01-02T03:04:05.678Z'), parent_id: messageId, user_sending_id: f.alpha.userIds.ana, failure_reason: 'x' })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', messageId)
        .execute();
      await tx
        .updateTable('chat_tickets')
        .set({ previous_user_id: f.alpha.userIds.bruno, finished_at: new Date('2025-02-03T04:05:06.789Z'), grade: 5 })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', ticketId)
        .execute();
    });
    const scope = { tenantId, instanceId: f.alpha.instanceId };
    // The feed holds back rows newer than the oldest running transaction, whichever database of the
    // server runs it (other test files share the PostgreSQL server): read once the update is below it.
    await f.settle();
    await f.database.withTenant(tenantId, async (tx) => {
      const messages = await customerChatsFeed.read(tx, scope, FEED_START, 10_000);
      const row = await tx.selectFrom('customer_chats').selectAll().where('tenant_id', '=', tenantId).where('id', '=', messageId).executeTakeFirstOrThrow();
      expect(messages.find((m) => m.doc.id === String(messageId))?.doc).toEqual(toMessageDocument(row));
      const tickets = await chatTicketsFeed.read(tx, scope, FEED_START, 10_000);
      const ticket = await tx.selectFrom('chat_tickets').selectAll().where('tenant_id', '=', tenantId).where('id', '=', ticketId).executeTakeFirstOrThrow();
      expect(tickets.find((t) => t.doc.id === String(ticketId))?.doc).toEqual(toTicketDocument(ticket, { previous_user_name: 'Bruno', category_ids: [] }));
    });
  });

  it('stamps every write with its transaction, whatever the code path', async () => {
    const message = await f.inbound(f.alpha, { from: '11911110005', text: 'carimbo' });
    const { rows } = await f.database.withTenant(f.alpha.tenantId, async (tx) => {
      await tx.updateTable('customer_chats').set({ caption: 'x' }).where('tenant_id', '=', f.alpha.tenantId).where('id', '=', message.messageId).execute();
      return sql<{ stamped: boolean }>`select change_xid = pg_current_xact_id() as stamped from customer_chats where tenant_id = ${f.alpha.tenantId} and id = ${message.messageId}`.execute(tx);
    });
    expect(rows[0]?.stamped).toBe(true);
  });

  it('never skips a row whose transaction began earlier and committed later', async (ctx) => {
    if (!testServerUrl) {
      ctx.skip(true, 'needs two connections: run the postgres project (PEDBOT_TEST_DATABASE_URL); PGlite is a single connection');
      return;
    }
    const customer = await f.inbound(f.alpha, { from: '11911110006', text: 'abre' });
    const { checkpoint: start } = await pullAll(f, f.alpha, 'admin', 'CustomerChat');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let aPosition = 0;
    let written!: () => void;
    const aWritten = new Promise<void>((resolve) => (written = resolve));
    const a = f.database.withTenant(f.alpha.tenantId, async (tx) => {
      const row = await tx
        .insertInto('customer_chats')
        .values({
          tenant_id: f.alpha.tenantId,
          instance_id: f.alpha.instanceId,
          customer_id: customer.customerId,
          chat_ticket_id: customer.ticketId,
          hash: 'late-commit-a',
          message: 'A (começou antes, confirma depois)',
        })
        .returning(sql<string>`change_xid::text`.as('position'))
        .executeTakeFirstOrThrow();
      aPosition = Number(row.position);
      written();
      await gate;
    });
    await aWritten;
    const b = await f.inbound(f.alpha, { from: '11911110007', text: 'B (começou depois, confirma antes)' });

    const whileAOpen = await pullOnce(f, f.alpha, 'admin', 'CustomerChat', start, 100, { settle: false });
    expect(whileAOpen.documents.map((d) => d.id)).not.toContain(String(b.messageId));
    expect((whileAOpen.checkpoint ?? start)!.position).toBeLessThan(aPosition);

    release();
    await a;
    const { docs } = await pullAll(f, f.alpha, 'admin', 'CustomerChat', whileAOpen.checkpoint ?? start);
    const seen = [...docs.values()].map((d) => d.message);
    expect(seen).toContain('A (começou antes, confirma depois)');
    expect(seen).toContain('B (começou depois, confirma antes)');
  });
});
