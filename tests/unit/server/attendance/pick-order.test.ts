import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICK_OLDEST_FIRST_MESSAGE } from '../../../../src/shared/domain/tickets';
import { moveToDepartment, openSyncFixture, type SyncFixture } from '../../../integration/server/support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SAVE = 'mutation ($i: ID, $v: [SettingValueInput!]!) { saveSettings(instance_id: $i, values: $v) { key } }';
const PICK = 'mutation ($id: ID!) { pickChatTicket(id: $id) { id } }';

/**
 * The inbox order of configs/dynamic-settings on the server's pick (SPEC §4 pickable inbox chat):
 * older_inbox_chats_first makes a department attendant (Ana, of Vendas) take the oldest non-favorite ticket;
 * older_inbox_chats_obligatorie_in_first makes favorites wait their turn too.
 */
describe('pickChatTicket follows the inbox order settings', () => {
  let f: SyncFixture;
  let phone = 11933330000;
  beforeAll(async () => {
    f = await openSyncFixture();
  });
  afterAll(() => f?.close());

  const save = (values: Array<{ key: string; value: string }>, instanceId: number | null = null) =>
    f.gql<Data>(f.alpha, 'admin', SAVE, { i: instanceId === null ? null : String(instanceId), v: values });
  const newTicket = async (favorite: boolean) => {
    const { ticketId, customerId } = await f.inbound(f.alpha, { from: String(++phone), name: `Fila ${phone}`, text: 'Oi' });
    await moveToDepartment(f, f.alpha, ticketId, f.alpha.departments.vendas);
    if (favorite) await f.database.withTenant(f.alpha.tenantId, (tx) => tx.updateTable('customers').set({ is_favorite: true }).where('id', '=', customerId).execute());
    return ticketId;
  };
  const pick = async (id: number) => (await f.gql<Data>(f.alpha, 'ana', PICK, { id: String(id) })).errors?.[0]?.extensions?.detail ?? 'ok';

  it('skips favorites when computing the oldest, and counts them once favorites must wait too', async () => {
    expect(errorsOf(await save([{ key: 'older_inbox_chats_first', value: 'true' }]))).toBeUndefined();
    const favorite = await newTicket(true);
    const older = await newTicket(false);
    const newer = await newTicket(false);
    expect(await pick(newer)).toBe(PICK_OLDEST_FIRST_MESSAGE);
    expect(await pick(favorite)).toBe(PICK_OLDEST_FIRST_MESSAGE);

    // Per connection: the connection's own value wins over the store's.
    expect(errorsOf(await save([{ key: 'older_inbox_chats_obligatorie_in_first', value: 'true' }], f.alpha.instanceId))).toBeUndefined();
    expect(await pick(older)).toBe(PICK_OLDEST_FIRST_MESSAGE);
    expect(await pick(favorite)).toBe('ok');
    expect(await pick(newer)).toBe(PICK_OLDEST_FIRST_MESSAGE);
    expect(await pick(older)).toBe('ok');
  });
});

const errorsOf = (result: { errors?: unknown[] }) => result.errors?.[0];
