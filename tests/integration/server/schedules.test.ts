import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../src/shared/domain/datetime';
import type { JobQueue } from '../../../src/server/jobs/job-queue';
import { scheduledMessageJob } from '../../../src/server/modules/schedules/schedule-job';
import { openSyncFixture, type FixtureTenant, type Person, type SyncFixture } from './support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FIELDS = 'id status message send_at sent_at late failure_reason customer_chat_id user_id cancel_on_reply';
const CREATE = `mutation ($i: ID!, $c: ID!, $m: String!, $at: String!, $r: Boolean) {
  createScheduledMessage(instance_id: $i, customer_id: $c, message: $m, send_at: $at, cancel_on_reply: $r) { ${FIELDS} }
}`;
const LIST = `query ($f: ScheduledMessageFilters) { scheduledMessages(filters: $f) { ${FIELDS} } }`;
const CANCEL = `mutation ($id: ID!) { cancelScheduledMessage(id: $id) { ${FIELDS} } }`;

const inSeconds = (s: number) => formatTimestamp(Date.now() + s * 1000);

describe('scheduled messages (crm/schedules) on the job queue', () => {
  let f: SyncFixture;
  let jobs: JobQueue;
  let customerId: number;

  const create = (tenant: FixtureTenant, person: Person, input: { m?: string; at: string; r?: boolean; i?: number; c?: number }) =>
    f.gql<Data>(tenant, person, CREATE, { i: String(input.i ?? tenant.instanceId), c: String(input.c ?? customerId), m: input.m ?? 'Lembrete do seu pedido', at: input.at, r: input.r ?? false });
  const list = async (person: Person = 'admin', tenant = f.alpha) => ((await f.gql<Data>(tenant, person, LIST, {})).data?.scheduledMessages ?? []) as Data[];
  const byId = async (id: string) => (await list()).find((s) => s.id === id)!;
  const messagesWithHash = (hash: string) =>
    f.database.withTenant(f.alpha.tenantId, (tx) => tx.selectFrom('customer_chats').selectAll().where('tenant_id', '=', f.alpha.tenantId).where('hash', '=', hash).execute());
  const waitForStatus = async (id: string, status: string, timeoutMs = 6000) => {
    await expect.poll(async () => (await byId(id)).status, { timeout: timeoutMs, interval: 100 }).toBe(status);
    return byId(id);
  };

  beforeAll(async () => {
    f = await openSyncFixture();
    jobs = f.server.app.deps.services.jobs!;
    await jobs.start();
    customerId = (await f.inbound(f.alpha, { from: '11955550001', name: 'Clara', text: 'oi' })).customerId;
  });
  afterAll(async () => {
    await jobs?.stop();
    await f?.close();
  });

  it('refuses a time in the past, a malformed time and forbidden characters', async () => {
    const past = await create(f.alpha, 'admin', { at: inSeconds(-60) });
    expect(JSON.stringify(past.errors)).toContain('Escolha uma data e hora no futuro.');
    const malformed = await create(f.alpha, 'admin', { at: '25/11/2026 10:00' });
    expect(malformed.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    const attack = await create(f.alpha, 'admin', { at: inSeconds(60), m: '<script>x</script>' });
    expect(attack.errors?.[0]?.extensions?.code).toBe('ATTACK');
  });

  it('sends once at its time, into the customer’s ticket as the scheduling user', async () => {
    const created = await create(f.alpha, 'ana', { at: inSeconds(2) });
    expect(created.errors).toBeUndefined();
    const schedule = created.data!.createScheduledMessage;
    expect(schedule.status).toBe('agendada');
    const sent = await waitForStatus(schedule.id, 'enviada');
    const due = Date.parse(`${schedule.send_at.replace(' ', 'T')}-03:00`);
    const at = Date.parse(`${sent.sent_at.replace(' ', 'T')}-03:00`);
    expect(at - due).toBeGreaterThanOrEqual(0);
    expect(at - due).toBeLessThanOrEqual(2000);
    expect(sent.late).toBe(false);
    const messages = await messagesWithHash(`schedule:${f.alpha.tenantId}:${schedule.id}`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ user_sending_id: f.alpha.userIds.ana, from_me: true, message: 'Lembrete do seu pedido', customer_id: customerId });
    expect(String(messages[0]!.id)).toBe(sent.customer_chat_id);
    await f.sync.dispatcher.drain();
    expect(f.sender.sent.filter((item) => item.message?.text === 'Lembrete do seu pedido' || JSON.stringify(item).includes('Lembrete do seu pedido'))).toHaveLength(1);
  });

  it('sends nothing twice when a run is repeated after a crash', async () => {
    const created = (await create(f.alpha, 'admin', { at: inSeconds(30), m: 'Repetido' })).data!.createScheduledMessage;
    const row = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('scheduled_messages').select('job_id').where('tenant_id', '=', f.alpha.tenantId).where('id', '=', Number(created.id)).executeTakeFirstOrThrow(),
    );
    const job = scheduledMessageJob(f.server.app.deps);
    // Two runs of the same job, as after a crash between the send and the job's completion.
    await job.run({ tenantId: f.alpha.tenantId, id: Number(created.id) }, { id: row.job_id!, retryCount: 0 });
    await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.updateTable('scheduled_messages').set({ status: 'enviando' }).where('tenant_id', '=', f.alpha.tenantId).where('id', '=', Number(created.id)).execute(),
    );
    await job.run({ tenantId: f.alpha.tenantId, id: Number(created.id) }, { id: row.job_id!, retryCount: 1 });
    expect(await messagesWithHash(`schedule:${f.alpha.tenantId}:${created.id}`)).toHaveLength(1);
    expect((await byId(created.id)).status).toBe('enviada');
  });

  it('is cancelled when the customer writes first, if asked, and then never sent', async () => {
    const created = (await create(f.alpha, 'admin', { at: inSeconds(2), r: true, m: 'Só se não responder' })).data!.createScheduledMessage;
    const kept = (await create(f.alpha, 'admin', { at: inSeconds(2), r: false, m: 'Mesmo assim' })).data!.createScheduledMessage;
    await f.inbound(f.alpha, { from: '11955550001', name: 'Clara', text: 'Já resolvi, obrigada' });
    expect((await byId(created.id)).status).toBe('cancelada');
    await waitForStatus(kept.id, 'enviada');
    const cancelled = await waitForStatus(created.id, 'cancelada');
    expect(cancelled.failure_reason).toBe('O cliente escreveu antes do horário agendado.');
    expect(await messagesWithHash(`schedule:${f.alpha.tenantId}:${created.id}`)).toHaveLength(0);
  });

  it('cancels and edits only while waiting, and only one’s own unless administrador', async () => {
    const mine = (await create(f.alpha, 'ana', { at: inSeconds(3600), m: 'Da Ana' })).data!.createScheduledMessage;
    const admins = (await create(f.alpha, 'admin', { at: inSeconds(3600), m: 'Do admin' })).data!.createScheduledMessage;
    expect((await list('ana')).map((s) => s.message)).not.toContain('Do admin');
    expect((await list('admin')).map((s) => s.message)).toEqual(expect.arrayContaining(['Da Ana', 'Do admin']));
    const foreign = await f.gql<Data>(f.alpha, 'ana', CANCEL, { id: admins.id });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    const edited = await f.gql<Data>(f.alpha, 'ana', `mutation ($id: ID!, $at: String) { updateScheduledMessage(id: $id, send_at: $at, message: "Novo texto") { ${FIELDS} } }`, {
      id: mine.id,
      at: inSeconds(7200),
    });
    expect(edited.data!.updateScheduledMessage).toMatchObject({ message: 'Novo texto', status: 'agendada' });
    const cancelled = await f.gql<Data>(f.alpha, 'ana', CANCEL, { id: mine.id });
    expect(cancelled.data!.cancelScheduledMessage.status).toBe('cancelada');
    const again = await f.gql<Data>(f.alpha, 'ana', CANCEL, { id: mine.id });
    expect(JSON.stringify(again.errors)).toContain('não está mais agendada');
    expect((await f.gql<Data>(f.alpha, 'admin', LIST, { f: { status: 'cancelada' } })).data!.scheduledMessages.map((s: Data) => s.message)).toContain('Novo texto');
  });

  it('gives another tenant nothing, and refuses a connection the attendant does not use', async () => {
    expect(await list('admin', f.beta)).toEqual([]);
    const waiting = (await list('admin')).find((s) => s.status === 'agendada')!;
    const foreign = await f.gql<Data>(f.beta, 'admin', CANCEL, { id: waiting.id });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    const foreignCustomer = await create(f.beta, 'admin', { at: inSeconds(60) });
    expect(foreignCustomer.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    const otherConnection = await create(f.alpha, 'ana', { at: inSeconds(60), i: f.alpha.otherInstanceId });
    expect(otherConnection.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const unsigned = await f.server.gql(f.alpha.slug, LIST, {});
    expect(unsigned.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
  });

  it('sends one that fell due while the server was down right after the next start, marked late', async () => {
    const created = (await create(f.alpha, 'admin', { at: inSeconds(600), m: 'Atrasada' })).data!.createScheduledMessage;
    await jobs.stop();
    // The ten minutes pass while the server is down.
    await f.database.asOwner(async (db) => {
      await sql`update scheduled_messages set send_at = now() - interval '1 minute' where id = ${Number(created.id)}`.execute(db);
      await sql`update pgboss.job set start_after = now() - interval '1 minute' where name = 'crm.scheduled-message' and state = 'created' and data->>'id' = ${created.id}`.execute(db);
    });
    await jobs.start();
    const sent = await waitForStatus(created.id, 'enviada', 4000);
    expect(sent.late).toBe(true);
    expect(await messagesWithHash(`schedule:${f.alpha.tenantId}:${created.id}`)).toHaveLength(1);
  });
});
