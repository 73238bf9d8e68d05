import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dayKey } from '../../../src/shared/domain/datetime';
import { addDays, exportMatrix, metricValue, reportRows, type GroupedSum, type MetricKey } from '../../../src/shared/domain/metrics';
import { LOG_IN } from '../../helpers/server';
import { openSyncFixture, type FixtureTenant, type Person, type SyncFixture } from './support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SUMS = `query ($f: ReportFilter!, $g: [ReportDimension!]!, $m: [String!]) { reportSums(filter: $f, group_by: $g, metrics: $m) { keys metric count total } }`;

describe('reports (issue 17): rollups, report queries, role and tenant safety, the audit log', () => {
  let f: SyncFixture;
  let today: string;
  let phone = 11977770000;
  const tickets: Record<'answered' | 'comment' | 'transferred' | 'waiting', number> = { answered: 0, comment: 0, transferred: 0, waiting: 0 };

  const gql = (tenant: FixtureTenant, person: Person, query: string, variables: Record<string, unknown> = {}) => f.gql<Data>(tenant, person, query, variables);
  const call = async (person: Person, query: string, variables: Record<string, unknown> = {}): Promise<Data> => {
    const result = await gql(f.alpha, person, query, variables);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!;
  };
  const sums = async (tenant: FixtureTenant, person: Person, groupBy: string[], filter: Record<string, unknown> = {}, metrics?: string[]) => {
    const result = await gql(tenant, person, SUMS, { f: { from: today, to: today, ...filter }, g: groupBy, m: metrics });
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!.reportSums as GroupedSum[];
  };

  beforeAll(async () => {
    f = await openSyncFixture();
    today = dayKey(Date.now());
    const [reason] = (await call('admin', 'query ($i: ID!) { attendanceReferences(instance_id: $i) { closing_reasons { id } } }', { i: String(f.alpha.instanceId) }))
      .attendanceReferences.closing_reasons as Array<{ id: string }>;
    const close = (person: Person, id: number) => call(person, 'mutation ($id: ID!, $r: ID!) { finishChatTicket(id: $id, reason_id: $r) { id } }', { id: String(id), r: reason!.id });
    const pick = (person: Person, id: number) => call(person, 'mutation ($id: ID!) { pickChatTicket(id: $id) { id } }', { id: String(id) });

    // 1. Picked by Carla, answered, closed; the customer grades 5.
    const answeredPhone = String(++phone);
    tickets.answered = (await f.inbound(f.alpha, { from: answeredPhone, name: 'Cliente A', text: 'Quero um orçamento' })).ticketId;
    await pick('carla', tickets.answered);
    await call('carla', 'mutation ($i: ID!, $to: String!) { sendMessage(to_number: $to, message: "Claro!", instance_id: $i) { id } }', { i: String(f.alpha.instanceId), to: answeredPhone });
    await close('carla', tickets.answered);
    await f.inbound(f.alpha, { from: answeredPhone, text: '5' });
    // Right after the grade: the survey's comment (and, as any message after a closed ticket, a new ticket).
    tickets.comment = (await f.inbound(f.alpha, { from: answeredPhone, text: 'Atendimento rápido, obrigado' })).ticketId;

    // 2. Picked by the admin, transferred to Carla, closed without a reply; the survey goes unanswered.
    tickets.transferred = (await f.inbound(f.alpha, { from: String(++phone), name: 'Cliente B', text: 'Oi' })).ticketId;
    await pick('admin', tickets.transferred);
    const transfer = await call('admin', 'mutation ($n: ID!, $t: ID!) { createTicketTransfer(next_user_id: $n, chat_ticket_id: $t) { id } }', {
      n: String(f.alpha.userIds.carla),
      t: String(tickets.transferred),
    });
    await call('carla', 'mutation ($id: ID!) { confirmTicketTransfer(id: $id) { id } }', { id: transfer.createTicketTransfer.id });
    await close('carla', tickets.transferred);

    // 3. Still waiting in the inbox.
    tickets.waiting = (await f.inbound(f.alpha, { from: String(++phone), name: 'Cliente C', text: 'Alguém aí?' })).ticketId;

    // The other tenant has a ticket of its own.
    await f.inbound(f.beta, { from: '11900001111', text: 'Olá' });
  });
  afterAll(() => f?.close());

  it("sums the day's figures from the rollups", async () => {
    const total = await sums(f.alpha, 'admin', []);
    const value = (metric: MetricKey) => metricValue(metric, total);
    expect({
      opened: value('opened'),
      picked: value('picked'),
      transferred: value('transferred'),
      closed: value('closed'),
      unanswered: value('unanswered'),
      survey_sent: value('survey_sent'),
      survey_answered: value('survey_answered'),
      msg_in: value('msg_in'),
    }).toEqual({ opened: 4, picked: 2, transferred: 1, closed: 2, unanswered: 2, survey_sent: 2, survey_answered: 1, msg_in: 5 });
    expect(value('first_response')).not.toBeNull();
    expect(total.find((s) => s.metric === 'grade_5')?.count).toBe(1);
  });

  it('credits figures to attendants: the transfer to the admin who held it, the closes to Carla', async () => {
    const byUser = await sums(f.alpha, 'admin', ['user'], {}, ['transferred', 'closed', 'first_response']);
    const of = (person: Person, metric: MetricKey) => metricValue(metric, byUser.filter((s) => s.keys[0] === String(f.alpha.userIds[person])));
    expect(of('admin', 'transferred')).toBe(1);
    expect(of('carla', 'closed')).toBe(2);
    expect(of('carla', 'first_response')).not.toBeNull();
  });

  it('gives the same number on the card, the chart series and the export for one filter', async () => {
    const filter = { instance_ids: [String(f.alpha.instanceId)] };
    const metrics: MetricKey[] = ['opened', 'closed', 'msg_in', 'first_response'];
    const card = await sums(f.alpha, 'admin', [], filter);
    const byHour = await sums(f.alpha, 'admin', ['hour'], filter);
    const chart = reportRows(byHour, metrics);
    const matrix = exportMatrix(chart, [{ header: 'Hora', cell: (r) => r.keys[0] ?? '' }, ...metrics.map((m) => ({ header: m, cell: (r: (typeof chart)[number]) => r.values[m] ?? null }))]);
    for (const [i, metric] of metrics.entries()) {
      const column = matrix.slice(1).map((line) => line[i + 1]);
      if (metric === 'first_response') {
        // An average: the card's is the mean of every reply, whichever hour it fell in.
        expect(metricValue(metric, byHour)).toBe(metricValue(metric, card));
      } else {
        expect(column.reduce<number>((sum, cell) => sum + Number(cell ?? 0), 0)).toBe(metricValue(metric, card));
      }
    }
  });

  it('lists the tickets behind a figure and the survey answers with the comment', async () => {
    const behind = await call('admin', 'query ($f: ReportFilter!) { reportTickets(filter: $f, metric: "unanswered") { id customer_name } }', { f: { from: today, to: today } });
    expect(behind.reportTickets).toEqual([
      { id: String(tickets.waiting), customer_name: 'Cliente C' },
      { id: String(tickets.comment), customer_name: 'Cliente A' },
    ]);
    const answers = await call('admin', 'query ($f: ReportFilter!) { reportSurveyAnswers(filter: $f) { ticket_id grade comment user_name } }', { f: { from: today, to: today } });
    expect(answers.reportSurveyAnswers).toEqual([{ ticket_id: String(tickets.answered), grade: 5, comment: 'Atendimento rápido, obrigado', user_name: 'Carla' }]);
  });

  it('shows the live queue', async () => {
    const live = await call('admin', '{ reportLiveQueue { waiting longest_wait_seconds in_service } }');
    expect(live.reportLiveQueue).toMatchObject({ waiting: 2, in_service: 0 });
    expect(live.reportLiveQueue.longest_wait_seconds).toBeGreaterThanOrEqual(0);
  });

  it('keeps each tenant to its own figures, and refuses a token of another tenant', async () => {
    const beta = await sums(f.beta, 'admin', []);
    expect(metricValue('opened', beta)).toBe(1);
    const crossed = await f.server.gql(f.beta.slug, SUMS, { f: { from: today, to: today }, g: [] }, f.alpha.tokens.admin);
    expect(crossed.data?.reportSums ?? null).toBeNull();
    expect(crossed.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
  });

  it('refuses every report to a role without the dashboard route, and scopes one with it to its connections', async () => {
    for (const query of [
      `query { reportSums(filter: { from: "${today}", to: "${today}" }, group_by: []) { metric } }`,
      '{ reportLiveQueue { waiting } }',
      '{ reportNames { users { id } } }',
      `{ securityEvents(from: "${today}", to: "${today}") { total } }`,
      '{ savedReports { id } }',
    ]) {
      const result = await gql(f.alpha, 'ana', query);
      expect(result.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    }
    await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.updateTable('roles').set({ has_permission_routes: ['chat-attendance', 'dashboard-report'] }).where('name', '=', 'atendente').execute(),
    );
    try {
      const token = await f.server.app.deps.services.accessTokens.sign({ userId: f.alpha.userIds.ana, tenantId: f.alpha.tenantId, role: 'atendente' });
      const own = await f.server.gql(f.alpha.slug, SUMS, { f: { from: today, to: today, instance_ids: [String(f.alpha.otherInstanceId)] }, g: [] }, token);
      expect(own.errors).toBeUndefined();
      // Ana does not use the second connection: asking for it gives nothing, not its figures.
      expect(metricValue('opened', own.data!.reportSums as GroupedSum[])).toBe(0);
      const security = await f.server.gql(f.alpha.slug, `{ securityEvents(from: "${today}", to: "${today}") { total } }`, {}, token);
      expect(security.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    } finally {
      await f.database.withTenant(f.alpha.tenantId, (tx) => tx.updateTable('roles').set({ has_permission_routes: ['chat-attendance'] }).where('name', '=', 'atendente').execute());
    }
  });

  it('answers no report operation to a token of another tenant, nor to a role without the routes', async () => {
    const period = `from: "${today}", to: "${today}"`;
    const filter = `filter: { ${period} }`;
    const operations = [
      `{ reportSums(${filter}, group_by: [category]) { metric } }`,
      '{ reportNames { users { id } categories { id } campaigns { id } } }',
      '{ reportNpsScale }',
      '{ reportLiveQueue { waiting } }',
      `{ reportTickets(${filter}, metric: "opened") { id } }`,
      `{ reportSurveyAnswers(${filter}) { ticket_id } }`,
      '{ savedReports { id } }',
      `{ securityEvents(${period}) { total } }`,
      `{ securityCounts(${period}, by: "user") { key } }`,
      'mutation { saveReport(name: "X", definition: "{\\"metric\\":\\"closed\\",\\"group_by\\":[],\\"days\\":7}") { id } }',
      'mutation { deleteSavedReport(id: "1") }',
    ];
    for (const query of operations) {
      const crossed = await f.server.gql(f.beta.slug, query, {}, f.alpha.tokens.admin);
      expect(crossed.data ?? null, query).toBeNull();
      expect(crossed.errors?.[0]?.extensions?.code, query).toBe('UNAUTHORIZED');
      const attendant = await gql(f.alpha, 'ana', query);
      expect(attendant.data ?? null, query).toBeNull();
      expect(attendant.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    }
  });

  it('validates report input', async () => {
    const inverted = await gql(f.alpha, 'admin', SUMS, { f: { from: today, to: '2000-01-01' }, g: [] });
    expect(inverted.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    const metric = await gql(f.alpha, 'admin', SUMS, { f: { from: today, to: today }, g: [], m: ['nope'] });
    expect(metric.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    const attack = await gql(f.alpha, 'admin', 'mutation ($n: String!) { saveReport(name: $n, definition: "{}") { id } }', { n: '<script>' });
    expect(attack.errors?.[0]?.extensions?.code).toBe('ATTACK');
  });

  it('saves builder reports by name for the tenant only', async () => {
    const definition = JSON.stringify({ metric: 'closed', group_by: ['user'], days: 30, filter: {} });
    await call('admin', 'mutation ($n: String!, $d: String!) { saveReport(name: $n, definition: $d) { id } }', { n: 'Fechados por atendente', d: definition });
    const bad = await gql(f.alpha, 'admin', 'mutation ($d: String!) { saveReport(name: "Ruim", definition: $d) { id } }', { d: '{"metric":"nope"}' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    expect((await call('admin', '{ savedReports { name } }')).savedReports).toEqual([{ name: 'Fechados por atendente' }]);
    expect((await gql(f.beta, 'admin', '{ savedReports { name } }')).data?.savedReports).toEqual([]);
  });

  it('writes sign-ins and failures to the audit log with the claimed and the server-seen address', async () => {
    await f.server.gql(f.alpha.slug, LOG_IN.replace('$tokenTwoFactor: String)', '$tokenTwoFactor: String, $ip: String)').replace('tokenTwoFactor: $tokenTwoFactor)', 'tokenTwoFactor: $tokenTwoFactor, ip: $ip)'), {
      email: 'ana@alpha.test',
      password: 'errada',
      ip: '203.0.113.9',
    });
    const events = await call('admin', `{ securityEvents(from: "${today}", to: "${today}", actions: ["sign_in_failed"]) { total items { action user_name email claimed_ip remote_ip detail } } }`);
    expect(events.securityEvents.total).toBe(1);
    expect(events.securityEvents.items[0]).toMatchObject({ action: 'sign_in_failed', user_name: 'Ana', email: 'ana@alpha.test', claimed_ip: '203.0.113.9', detail: 'LOGIN_FAILED' });
    expect(events.securityEvents.items[0].remote_ip).toBeTruthy();
    const byIp = await call('admin', `{ securityCounts(from: "${today}", to: "${today}", by: "user") { key action count } }`);
    expect(byIp.securityCounts).toContainEqual({ key: 'Ana', action: 'sign_in_failed', count: 1 });
    expect((await gql(f.beta, 'admin', `{ securityEvents(from: "${today}", to: "${today}") { total } }`)).data?.securityEvents.total).toBe(0);

    await call('admin', 'mutation ($u: ID!) { unblockUser(user_id: $u) }', { u: String(f.alpha.userIds.ana) });
    const unblocked = await call('admin', `{ securityEvents(from: "${today}", to: "${today}", actions: ["unblocked"]) { items { user_name actor_name } } }`);
    expect(unblocked.securityEvents.items).toEqual([{ user_name: 'Ana', actor_name: 'Admin' }]);
  });

  it('lists each survey answer in its own period with the grade given then, as the grade figures count it', async () => {
    // The transferred ticket's survey answered 2 yesterday and, as after a reopening and a new close, 4 today.
    const yesterday = addDays(today, -1);
    await f.database.asOwner(async (db) => {
      await sql`update chat_tickets set grade = 2 where tenant_id = ${f.alpha.tenantId} and id = ${tickets.transferred}`.execute(db);
      await sql`update report_ticket_events set at = now() - interval '1 day' where tenant_id = ${f.alpha.tenantId} and chat_ticket_id = ${tickets.transferred} and kind = 'graded'`.execute(db);
      await sql`update chat_tickets set grade = 4 where tenant_id = ${f.alpha.tenantId} and id = ${tickets.transferred}`.execute(db);
    });
    const answers = async (day: string) =>
      (await call('admin', 'query ($f: ReportFilter!) { reportSurveyAnswers(filter: $f) { ticket_id grade } }', { f: { from: day, to: day } })).reportSurveyAnswers;
    expect(await answers(yesterday)).toEqual([{ ticket_id: String(tickets.transferred), grade: 2 }]);
    expect(await answers(today)).toEqual([
      { ticket_id: String(tickets.transferred), grade: 4 },
      { ticket_id: String(tickets.answered), grade: 5 },
    ]);
    const grades = (await sums(f.alpha, 'admin', [], { from: yesterday, to: yesterday }, ['survey_answered'])).map((s) => [s.metric, s.count]);
    expect(grades.sort()).toEqual([
      ['grade_2', 1],
      ['survey_answered', 1],
    ]);
  });
});
