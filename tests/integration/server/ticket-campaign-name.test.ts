import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSyncFixture, type SyncFixture } from './support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** SPEC §9: 'Resposta passiva' counts as attendance, which the client can only tell by the ticket's campaign name. */
describe("a ticket's campaign", () => {
  let f: SyncFixture;
  beforeAll(async () => {
    f = await openSyncFixture();
  });
  afterAll(() => f?.close());

  it('carries the campaign’s name, not null', async () => {
    const inbound = await f.inbound(f.alpha, { from: '11944440001', name: 'Nina', text: 'quero a promoção' });
    await f.database.withTenant(f.alpha.tenantId, async (tx) => {
      const campaign = await tx
        .insertInto('campaigns')
        .values({ tenant_id: f.alpha.tenantId, name: 'Resposta passiva', instance_id: f.alpha.instanceId, message: 'Oi', created_by: f.alpha.userIds.admin })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.updateTable('chat_tickets').set({ campaign_id: campaign.id, is_campaign: true }).where('tenant_id', '=', f.alpha.tenantId).where('id', '=', inbound.ticketId).execute();
    });
    const result = await f.gql<Data>(f.alpha, 'admin', 'query ($id: ID!) { chatTicketInfos(id: $id) { is_campaign campaign { name } } }', { id: String(inbound.ticketId) });
    expect(result.errors).toBeUndefined();
    expect(result.data!.chatTicketInfos).toEqual({ is_campaign: true, campaign: { name: 'Resposta passiva' } });
  });
});
