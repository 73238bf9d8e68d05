import { jobRef } from '../../jobs/job-queue';

export interface SessionJob {
  tenantId: number;
  sessionId: number;
  /** The step that asked for it: a session that moved on ignores the job. */
  step: number;
}

export interface TicketJob {
  tenantId: number;
  ticketId: number;
}

/**
 * The flow engine's durable work: reading a ticket's new messages, a wait's end, an HTTP step's
 * request and an abandoned session's expiry. Their handlers are bound to the server's services in
 * `flow-job-module.ts`.
 */
export const flowJobs = {
  advance: jobRef<TicketJob>('flows.advance'),
  timer: jobRef<SessionJob>('flows.timer'),
  http: jobRef<SessionJob>('flows.http'),
  expire: jobRef<SessionJob>('flows.expire'),
};
