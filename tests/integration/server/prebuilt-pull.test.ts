import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLICATED_SPECS } from '../../../src/app/data/replication/documents';
import { MESSAGE_JSON_FIELDS } from '../../../src/server/sync/collections/json-documents';
import { MESSAGE_FIELDS, type Checkpoint, type PullBulk } from './support/operations';
import { pullOnce } from './support/pull';
import { moveToDepartment, openSyncFixture, type Person, type SyncFixture } from './support/sync-fixture';

const FIELDS = MESSAGE_FIELDS.split(/\s+/).filter(Boolean);

/**
 * Messages' pulls are answered from the JSON the database writes (graphql/prebuilt-pull-documents.ts)
 * when they select exactly its fields, in order, as the app does. The same pull selecting the same
 * fields in another order is executed by GraphQL field by field: both must answer the same documents.
 */
describe('pulled messages from their prebuilt JSON (issue 18)', () => {
  let f: SyncFixture;

  beforeAll(async () => {
    f = await openSyncFixture();
    await f.inbound(f.alpha, { from: '11933331001', text: 'aspas " barra \\ linha\nnova \u2028 emoji 😀 <b>' });
    await f.inbound(f.alpha, { from: '11933331002', text: 'para vendas' });
    await f.inbound(f.alpha, { from: '11933331003', text: 'para suporte' });
  });
  afterAll(() => f?.close());

  async function pullBoth(person: Person, checkpoint: Checkpoint | null, limit = 100) {
    const prebuilt = await pullOnce(f, f.alpha, person, 'CustomerChat', checkpoint, limit);
    await f.settle();
    const result = await f.gql<{ pullCustomerChat: PullBulk }>(
      f.alpha,
      person,
      `query ($checkpoint: CustomerChatCheckpointInput, $limit: Int!, $instance_id: ID!) {
        pullCustomerChat(checkpoint: $checkpoint, limit: $limit, instance_id: $instance_id) {
          documents { ${[...FIELDS].reverse().join(' ')} } checkpoint { id position } resync
        }
      }`,
      { checkpoint, limit, instance_id: String(f.alpha.instanceId) },
    );
    const executed = result.data!.pullCustomerChat;
    return { prebuilt, executed };
  }

  function expectSame({ prebuilt, executed }: { prebuilt: PullBulk; executed: PullBulk }) {
    expect(prebuilt.documents.length).toBeGreaterThan(0);
    expect(prebuilt).toEqual(executed);
    for (const doc of prebuilt.documents) expect(Object.keys(doc)).toEqual(FIELDS);
  }

  it('is the path of the app’s own pulls: they select the database’s JSON fields in its order', () => {
    expect(REPLICATED_SPECS.customerchats.fields.split(/\s+/).filter(Boolean)).toEqual(FIELDS);
    expect(MESSAGE_JSON_FIELDS).toEqual(FIELDS);
  });

  it('answers an administrador the same documents, texts escaped alike', async () => {
    const both = await pullBoth('admin', null);
    expectSame(both);
    expect(both.prebuilt.documents.map((d) => d.message)).toContain('aspas " barra \\ linha\nnova \u2028 emoji 😀 <b>');
  });

  it('answers an attendant the same documents and the neutral marker that closes a page ending on rows she may not see', async () => {
    const vendas = await f.inbound(f.alpha, { from: '11933331004', text: 'fica com vendas' });
    await moveToDepartment(f, f.alpha, vendas.ticketId, f.alpha.departments.vendas);
    // The page then ends on a row Ana may not see: a neutral marker closes it.
    await f.inbound(f.alpha, { from: '11933331003', text: 'não é da Ana' });
    const first = await pullBoth('ana', null);
    expectSame(first);
    expect(first.prebuilt.documents.map((d) => d.id)).toEqual([String(vendas.messageId), '0']);
    expect(first.prebuilt.documents[1]).toMatchObject({ _deleted: true, customer_id: '', message: null });
  });
});
