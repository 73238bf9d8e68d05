import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { PREPARED } from '../../db/prepared';
import type { ContextDeps } from '../../graphql/request-context';
import { defineJob } from '../../jobs/job-queue';
import type { JobModule } from '../../jobs/job-modules';
import { AddressPolicy } from '../../net/address-policy';
import { guardedFetch } from '../../net/guarded-fetch';
import { advanceTicket, expireSession, pendingHttp, resumeSession, type FlowEngineDeps } from './flow-engine';
import { flowJobs, type SessionJob, type TicketJob } from './flow-jobs';

/** An HTTP step reads at most this much of the answer: flows map a few fields, not files. */
const HTTP_MAX_BYTES = 256 * 1024;

/** The engine's services, read when a job runs (the queue is built before it is set on the services). */
export function flowEngineDeps(deps: Pick<ContextDeps, 'database' | 'services'>): FlowEngineDeps {
  const { sync, jobs } = deps.services;
  if (!sync || !jobs) throw new Error('the flow engine needs the sync services and the job queue');
  return { database: deps.database, pubsub: sync.pubsub, jobs, onQueued: sync.messaging.onQueued };
}

/**
 * An HTTP step's request through the server's outbound-address guard: loopback and private
 * addresses are refused unless the operator lists them in OUTBOUND_FETCH_ALLOW.
 */
export async function callFlowHttp(request: NonNullable<Awaited<ReturnType<typeof pendingHttp>>>, outboundFetchAllow: readonly string[]): Promise<{ ok: boolean; body: unknown }> {
  try {
    const response = await guardedFetch(request.url, {
      policy: new AddressPolicy(outboundFetchAllow),
      maxBytes: HTTP_MAX_BYTES,
      timeoutMs: request.timeout_ms,
      method: request.method,
      headers: { accept: 'application/json', ...(request.body ? { 'content-type': 'application/json' } : {}) },
      ...(request.body ? { body: request.body } : {}),
    });
    if (response.status < 200 || response.status >= 300) return { ok: false, body: null };
    const text = new TextDecoder().decode(response.bytes);
    return { ok: true, body: text.trim() === '' ? null : (JSON.parse(text) as unknown) };
  } catch {
    // A refused address, a time-out or an answer that is not JSON all take the flow's error path.
    return { ok: false, body: null };
  }
}

export const flowJobModule: JobModule = (deps) => [
  defineJob<TicketJob>({
    name: flowJobs.advance.name,
    run: ({ tenantId, ticketId }) => advanceTicket(flowEngineDeps(deps), tenantId, ticketId),
    // Customers answer together (a campaign's recipients, a busy hour): tickets are locked one by
    // one, so several run side by side (tests/bench/flow-sessions.ts).
    concurrency: 4,
  }),
  defineJob<SessionJob>({ name: flowJobs.timer.name, run: ({ tenantId, sessionId, step }) => resumeSession(flowEngineDeps(deps), tenantId, sessionId, step, { kind: 'timer' }) }),
  defineJob<SessionJob>({
    name: flowJobs.http.name,
    // The request runs outside any transaction; a retry after a crash may call it again, which an
    // HTTP step's endpoint must tolerate (flows read, they do not order).
    run: async ({ tenantId, sessionId, step }) => {
      const engine = flowEngineDeps(deps);
      const request = await pendingHttp(engine, tenantId, sessionId, step);
      if (!request) return;
      const result = await callFlowHttp(request, deps.config.outboundFetchAllow);
      await resumeSession(engine, tenantId, sessionId, step, { kind: 'http', ...result });
    },
    retryLimit: 2,
  }),
  defineJob<SessionJob>({ name: flowJobs.expire.name, run: ({ tenantId, sessionId, step }) => expireSession(flowEngineDeps(deps), tenantId, sessionId, step) }),
];

/**
 * Wakes the flow engine for new customer messages, inside the transaction that stored them: only
 * tickets of a connection with a passive flow, or with a session waiting for an answer, get a job.
 */
export function attachFlowEngine(deps: ContextDeps): void {
  const { sync } = deps.services;
  if (!sync) return;
  sync.messaging.inboundStored = async (tx: Tx, tenantId, instanceId, stored) => {
    const tickets = [...new Set(stored.flatMap((m) => (m.ticketId === null ? [] : [m.ticketId])))];
    const jobs = deps.services.jobs;
    if (tickets.length === 0 || !jobs?.started) return;
    const { rows } = await sql<{ id: number }>`${PREPARED}
      select t.id from chat_tickets t
      where t.tenant_id = ${tenantId} and t.id = any(${tickets}::bigint[])
        and ((t.user_id is null and exists (select 1 from instances i where i.tenant_id = t.tenant_id and i.id = ${instanceId} and i.passive_flow_id is not null))
          or exists (select 1 from chat_flow_sessions s where s.tenant_id = t.tenant_id and s.chat_ticket_id = t.id and s.status in ('waiting_answer', 'waiting_timer', 'waiting_http')))`.execute(tx);
    const last = new Map(stored.map((m) => [m.ticketId, m.messageId]));
    for (const { id } of rows) {
      await jobs.send(tx, flowJobs.advance, { tenantId, ticketId: Number(id) }, { key: `message:${tenantId}:${last.get(Number(id)) ?? id}` });
    }
  };
}
