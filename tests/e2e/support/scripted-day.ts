/**
 * A scripted day on the sandbox, through the same API the console and the simulator use: a fresh
 * sandbox connection (so the figures are this day's alone), three customers, tickets picked,
 * transferred, answered and closed, survey answers, and a failed sign-in from a known address.
 */
export interface ScriptedDay {
  instanceId: string;
  tickets: { graded5: string; graded2: string; waiting: string };
  /** The address the failed sign-in claimed. */
  claimedIp: string;
}

export async function scriptDay(baseUrl: string, tenant = 'demo'): Promise<ScriptedDay> {
  const gql = async <T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const response = await fetch(`${baseUrl}/${tenant}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: unknown };
    if (body.errors || !body.data) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  const logIn = 'mutation ($e: String!, $p: String!, $ip: String) { logIn(email: $e, password: $p, ip: $ip) { token } }';
  const signIn = async (email: string) => (await gql(logIn, { e: email, p: 'Pedbot@demo1' })).logIn.token as string;
  const admin = await signIn('admin@demo.local');
  const ana = await signIn('ana@demo.local');
  const claimedIp = '203.0.113.77';
  await gql(logIn, { e: 'bruno@demo.local', p: 'senha-errada', ip: claimedIp }).catch(() => null);

  const instanceId = (await gql(`mutation ($n: String!) { createInstance(name: $n, channel: "sandbox") { id } }`, { n: `Loja Relatórios ${Date.now()}` }, admin)).createInstance.id as string;
  await gql('mutation ($id: ID!) { updateInstanceIntegration(id: $id) { id } }', { id: instanceId }, admin);
  const users = (await gql('{ users { items { id email } } }', {}, admin)).users.items as Array<{ id: string; email: string }>;
  const anaId = users.find((u) => u.email === 'ana@demo.local')?.id ?? '';
  const anaInstances = (await gql('query ($u: ID!) { userInstances(user_id: $u) { instance_id } }', { u: anaId }, admin)).userInstances as Array<{ instance_id: string }>;
  await gql('mutation ($id: ID!, $i: [ID!]) { updateUser(id: $id, chosen_instances: $i) { id } }', { id: anaId, i: [...anaInstances.map((i) => i.instance_id), instanceId] }, admin);

  const inbound = async (from: string, text: string) => {
    const response = await fetch(`${baseUrl}/api/sandbox/${tenant}/${instanceId}/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from, name: `Cliente ${from.slice(-1)}`, text }),
    });
    if (response.status !== 202) throw new Error(`inbound answered ${response.status}`);
  };
  const inboxTicket = async (phone: string): Promise<string> => {
    const query = 'query ($i: ID!) { chatTickets(instance_id: $i, inbox: true, pagination_page: 1, pagination_limit: 50) { items { id customer { phone_number } } } }';
    for (let attempt = 0; attempt < 100; attempt++) {
      const items = (await gql(query, { i: instanceId }, admin)).chatTickets.items as Array<{ id: string; customer: { phone_number: string } }>;
      const found = items.find((t) => t.customer.phone_number === phone);
      if (found) return found.id;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no inbox ticket for ${phone}`);
  };
  const send = (to: string, message: string, token: string) =>
    gql('mutation ($i: ID!, $to: String!, $m: String!) { sendMessage(to_number: $to, message: $m, instance_id: $i) { id } }', { i: instanceId, to, m: message }, token);
  const reason = (await gql('query ($i: ID!) { attendanceReferences(instance_id: $i) { closing_reasons { id } } }', { i: instanceId }, admin)).attendanceReferences.closing_reasons[0].id as string;
  const close = (id: string, token: string) => gql('mutation ($id: ID!, $r: ID!) { finishChatTicket(id: $id, reason_id: $r) { id } }', { id, r: reason }, token);
  const pick = (id: string, token: string) => gql('mutation ($id: ID!) { pickChatTicket(id: $id) { id } }', { id }, token);

  // 1. Picked by the admin, answered, closed; graded 5.
  await inbound('5511988880001', 'Quero um orçamento');
  const graded5 = await inboxTicket('5511988880001');
  await pick(graded5, admin);
  await send('5511988880001', 'Claro, já envio!', admin);
  await close(graded5, admin);
  await inbound('5511988880001', '5');
  // 2. Picked by the admin, transferred to Ana, answered and closed by her; graded 2.
  await inbound('5511988880002', 'Meu pedido atrasou');
  const graded2 = await inboxTicket('5511988880002');
  await pick(graded2, admin);
  const transfer = (await gql('mutation ($n: ID!, $t: ID!) { createTicketTransfer(next_user_id: $n, chat_ticket_id: $t) { id } }', { n: anaId, t: graded2 }, admin)).createTicketTransfer.id;
  await gql('mutation ($id: ID!) { confirmTicketTransfer(id: $id) { id } }', { id: transfer }, ana);
  await send('5511988880002', 'Vou verificar agora', ana);
  await close(graded2, ana);
  await inbound('5511988880002', '2');
  // 3. Left waiting in the inbox.
  await inbound('5511988880003', 'Alguém aí?');
  const waiting = await inboxTicket('5511988880003');
  return { instanceId, tickets: { graded5, graded2, waiting }, claimedIp };
}
