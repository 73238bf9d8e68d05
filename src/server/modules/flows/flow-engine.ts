import { sql } from 'kysely';
import { startsWithTemplate } from '../../../shared/domain/flows/first-send';
import { flowDefinitionSchema, type FlowDefinition } from '../../../shared/domain/flows/flow-schema';
import { advanceFlow, type FlowEffect, type FlowInput, type FlowSessionState } from '../../../shared/domain/flows/flow-run';
import { isStoreOpen } from '../../../shared/domain/opening-hours';
import { brazilPhoneVariants } from '../../../shared/domain/phone';
import { channelInstanceIn } from '../../channels/instance-store';
import { isWithinServiceWindow, lastCustomerMessageAt } from '../../channels/service-window';
import type { Database, Tx } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { readStoreInfo } from '../store-settings/store-info';
import { openTicket } from '../tickets/ticket-store';
import type { PubSub } from '../../pubsub';
import { transactWithChanges, type ChangeSet } from '../../sync/changes';
import { writeBotMessage, type BotContent, type BotTicket } from './bot-messages';
import { flowClockAt } from './flow-clock';
import { flowJobs } from './flow-jobs';
import { flowTexts } from './texts';

export interface FlowEngineDeps {
  database: Database;
  pubsub: PubSub;
  /** Only sends: the engine schedules its timers, HTTP calls and expiries, the queue runs them. */
  jobs: Pick<JobQueue, 'send'>;
  /** Nudges the outbound dispatcher after bot messages were queued. */
  onQueued?: () => void;
  now?: () => Date;
}

/** What a session stores: the interpreter's state plus the request an HTTP step waits for. */
export interface StoredSession extends FlowSessionState {
  pending_http?: Extract<FlowEffect, { kind: 'http' }> | null;
}

interface SessionRow {
  id: number;
  flow_id: number;
  version_id: number;
  status: string;
  state: unknown;
  step: number;
  last_message_id: number | null;
}

interface TicketRow extends BotTicket {
  user_id: number | null;
  finished_ticket: boolean;
  inbox_department_id: number | null;
}

export const RUNNING = ['waiting_answer', 'waiting_timer', 'waiting_http'] as const;

const definitionOf = (value: unknown): FlowDefinition => flowDefinitionSchema.parse(typeof value === 'string' ? JSON.parse(value) : value);
const stateOf = (value: unknown): StoredSession => (typeof value === 'string' ? JSON.parse(value) : value) as StoredSession;

async function lockTicket(tx: Tx, tenantId: number, ticketId: number): Promise<TicketRow | undefined> {
  return tx
    .selectFrom('chat_tickets')
    .select(['id', 'instance_id', 'customer_id', 'user_id', 'finished_ticket', 'inbox_department_id'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', ticketId)
    .forUpdate()
    .executeTakeFirst();
}

async function runningSession(tx: Tx, tenantId: number, ticketId: number): Promise<SessionRow | undefined> {
  return tx
    .selectFrom('chat_flow_sessions')
    .select(['id', 'flow_id', 'version_id', 'status', 'state', 'step', 'last_message_id'])
    .where('tenant_id', '=', tenantId)
    .where('chat_ticket_id', '=', ticketId)
    .where('status', 'in', [...RUNNING])
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Published versions never change, so each is read and parsed once per database: a busy flow's
 * every step would otherwise reload and re-validate the same JSON. Per database, not per process,
 * because ids only name a version within one database (tests run many in one process). Bounded:
 * the oldest entry leaves when it is full.
 */
const parsedVersionsByDatabase = new WeakMap<Database, Map<string, FlowDefinition>>();
const PARSED_VERSIONS_MAX = 500;

async function versionDefinition(database: Database, tx: Tx, tenantId: number, versionId: number): Promise<FlowDefinition> {
  let parsedVersions = parsedVersionsByDatabase.get(database);
  if (!parsedVersions) parsedVersionsByDatabase.set(database, (parsedVersions = new Map()));
  const key = `${tenantId}:${versionId}`;
  const known = parsedVersions.get(key);
  if (known) return known;
  const row = await tx.selectFrom('chat_flow_versions').select('definition').where('tenant_id', '=', tenantId).where('id', '=', versionId).executeTakeFirstOrThrow();
  const definition = definitionOf(row.definition);
  if (parsedVersions.size >= PARSED_VERSIONS_MAX) parsedVersions.delete(parsedVersions.keys().next().value as string);
  parsedVersions.set(key, definition);
  return definition;
}

async function contactOf(tx: Tx, tenantId: number, customerId: number) {
  return tx
    .selectFrom('customers')
    .select(['name', 'address', 'open_field', 'document_register'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
}

/** One session step in the caller's transaction: the interpreter's effects carried out, the state saved. */
class SessionStep {
  private effectIndex = 0;
  queued = false;

  constructor(
    private readonly deps: FlowEngineDeps,
    private readonly tx: Tx,
    private readonly tenantId: number,
    private readonly ticket: TicketRow,
    private readonly session: SessionRow & { expire_minutes: number },
    private readonly changes: ChangeSet,
  ) {}

  private get now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private hash(): string {
    this.effectIndex += 1;
    return `flow:${this.session.id}:${this.session.step}:${this.effectIndex}`;
  }

  async send(text: string, options: Omit<BotContent, 'text'> = {}): Promise<void> {
    if (await writeBotMessage(this.tx, this.tenantId, this.ticket, this.hash(), { text, ...options }, this.changes)) this.queued ||= !options.comment;
  }

  /** The customer's answers, for the attendant who takes over. */
  private answersNote(state: StoredSession): string | null {
    const lines = Object.entries(state.variables)
      .filter(([key]) => !key.startsWith('answer_'))
      .map(([key, value]) => `• ${key}: ${value}`);
    const answers = Object.entries(state.variables)
      .filter(([key]) => key.startsWith('answer_'))
      .map(([, value]) => `• ${value}`);
    const all = lines.length > 0 ? lines : answers;
    return all.length > 0 ? `${flowTexts.answersTitle}\n${all.join('\n')}` : null;
  }

  async apply(effects: readonly FlowEffect[], state: StoredSession): Promise<StoredSession> {
    let next: StoredSession = { ...state, pending_http: null };
    for (const effect of effects) {
      switch (effect.kind) {
        case 'send':
          await this.send(effect.text, { mediaUrl: effect.media_url, buttons: effect.buttons });
          break;
        case 'template': {
          const components = effect.parameters.length > 0 ? [{ type: 'body', parameters: effect.parameters.map((text) => ({ type: 'text', text })) }] : [];
          await this.send(effect.name, { template: { name: effect.name, language: effect.language, components } });
          break;
        }
        case 'save_contact':
          await this.tx.updateTable('customers').set({ [effect.field]: effect.value }).where('tenant_id', '=', this.tenantId).where('id', '=', this.ticket.customer_id).execute();
          this.changes.add('customers', null);
          break;
        case 'add_category':
          await this.addCategory(effect.category_id);
          break;
        case 'wait':
          await this.deps.jobs.send(this.tx, flowJobs.timer, this.jobData(), { at: new Date(this.now.getTime() + effect.seconds * 1000), key: this.jobKey('timer') });
          break;
        case 'http':
          next = { ...next, pending_http: effect };
          await this.deps.jobs.send(this.tx, flowJobs.http, this.jobData(), { key: this.jobKey('http') });
          break;
        case 'transfer':
          await this.transfer(effect.department_id, effect.user_id, next);
          break;
        case 'hand_over':
          await this.handOver(flowTexts.handOver[effect.reason], next);
          break;
        case 'end':
          if (effect.closing_message) await this.send(effect.closing_message);
          await this.closeTicket();
          break;
      }
    }
    return next;
  }

  private jobData() {
    return { tenantId: this.tenantId, sessionId: this.session.id, step: this.session.step + 1 };
  }

  private jobKey(kind: string): string {
    return `${kind}:${this.tenantId}:${this.session.id}:${this.session.step + 1}`;
  }

  /** Tags the ticket with a CRM category (a category deleted since the flow was published is skipped). */
  private async addCategory(categoryId: string): Promise<void> {
    const id = Number(categoryId);
    if (!Number.isSafeInteger(id)) return;
    await sql`insert into ticket_categories (tenant_id, chat_ticket_id, category_id)
      select ${this.tenantId}, ${this.ticket.id}, c.id from categories c where c.tenant_id = ${this.tenantId} and c.id = ${id}
      on conflict do nothing`.execute(this.tx);
    this.changes.add('chattickets', this.ticket.instance_id);
  }

  private async transfer(departmentId: string | null, userId: string | null, state: StoredSession): Promise<void> {
    const department = departmentId === null ? null : await this.existing('user_departments', Number(departmentId));
    const user = userId === null ? null : await this.existing('users', Number(userId));
    await this.tx
      .updateTable('chat_tickets')
      .set(user !== null ? { user_id: user, inbox: false, inbox_department_id: department ?? this.ticket.inbox_department_id } : { user_id: null, inbox: true, inbox_department_id: department ?? this.ticket.inbox_department_id })
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', this.ticket.id)
      .execute();
    this.changes.add('chattickets', this.ticket.instance_id).add('customers', null);
    const note = this.answersNote(state);
    if (note) await this.send(note, { comment: true });
  }

  private async existing(table: 'user_departments' | 'users', id: number): Promise<number | null> {
    if (!Number.isSafeInteger(id)) return null;
    const row = await this.tx.selectFrom(table).select('id').where('tenant_id', '=', this.tenantId).where('id', '=', id).executeTakeFirst();
    return row?.id ?? null;
  }

  /** The ticket stays in its department's queue for a person, with why and what was answered. */
  private async handOver(reason: string, state: StoredSession): Promise<void> {
    const note = this.answersNote(state);
    await this.send(note ? `${reason}\n\n${note}` : reason, { comment: true });
  }

  private async closeTicket(): Promise<void> {
    await this.tx
      .updateTable('chat_tickets')
      .set({ finished_ticket: true, inbox: false, is_finishing: false, finished_at: new Date() })
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', this.ticket.id)
      .execute();
    this.changes.add('chattickets', this.ticket.instance_id).add('customers', null);
  }

  async save(state: StoredSession, extra: { lastMessageId?: number | null; status?: string } = {}): Promise<void> {
    const status = extra.status ?? state.status;
    const over = !(RUNNING as readonly string[]).includes(status);
    await this.tx
      .updateTable('chat_flow_sessions')
      .set({
        state: JSON.stringify(state),
        status,
        step: this.session.step + 1,
        updated_at: this.now,
        ...(over ? { ended_at: this.now } : {}),
        ...(extra.lastMessageId !== undefined ? { last_message_id: extra.lastMessageId } : {}),
      })
      .where('tenant_id', '=', this.tenantId)
      .where('id', '=', this.session.id)
      .execute();
    if (!over) {
      await this.deps.jobs.send(this.tx, flowJobs.expire, this.jobData(), {
        at: new Date(this.now.getTime() + this.session.expire_minutes * 60_000),
        key: this.jobKey('expire'),
      });
    }
  }
}

/** What conditions read: the contact, and the store's clock with its opening hours from the store info. */
async function environmentFor(tx: Tx, tenantId: number, customerId: number, now: Date) {
  const { opening_hours } = await readStoreInfo(tx, tenantId);
  return { contact: await contactOf(tx, tenantId, customerId), clock: flowClockAt(now, (at) => isStoreOpen(opening_hours, at)) };
}

interface PublishedFlow {
  id: number;
  published_version_id: number;
  expire_minutes: number;
}

async function publishedFlow(tx: Tx, tenantId: number, flowId: number): Promise<PublishedFlow | null> {
  const flow = await tx
    .selectFrom('chat_flows')
    .select(['id', 'published_version_id', 'expire_minutes'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', flowId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return flow?.published_version_id ? { id: flow.id, published_version_id: flow.published_version_id, expire_minutes: flow.expire_minutes } : null;
}

async function startSession(tx: Tx, tenantId: number, ticket: TicketRow, flowId: number, startedBy: number | null, lastMessageId: number | null, startKey: string | null = null) {
  const flow = await publishedFlow(tx, tenantId, flowId);
  if (!flow) return null;
  const row = await tx
    .insertInto('chat_flow_sessions')
    .values({
      tenant_id: tenantId,
      flow_id: flowId,
      version_id: flow.published_version_id,
      chat_ticket_id: ticket.id,
      instance_id: ticket.instance_id,
      customer_id: ticket.customer_id,
      status: 'waiting_answer',
      state: JSON.stringify(null),
      last_message_id: lastMessageId,
      started_by: startedBy,
      start_key: startKey,
    })
    .returning(['id', 'flow_id', 'version_id', 'status', 'state', 'step', 'last_message_id'])
    .executeTakeFirstOrThrow();
  return { ...row, expire_minutes: flow.expire_minutes };
}

async function expireMinutes(tx: Tx, tenantId: number, flowId: number): Promise<{ expire_minutes: number; expire_message: string | null }> {
  return tx.selectFrom('chat_flows').select(['expire_minutes', 'expire_message']).where('tenant_id', '=', tenantId).where('id', '=', flowId).executeTakeFirstOrThrow();
}

/** Runs one input through a session and carries out what it asks for. */
async function stepSession(
  deps: FlowEngineDeps,
  tx: Tx,
  tenantId: number,
  ticket: TicketRow,
  session: SessionRow & { expire_minutes: number },
  input: FlowInput,
  changes: ChangeSet,
  lastMessageId?: number | null,
): Promise<boolean> {
  const now = deps.now?.() ?? new Date();
  const definition = await versionDefinition(deps.database, tx, tenantId, session.version_id);
  const current = input.kind === 'start' ? null : stateOf(session.state);
  const { state, effects } = advanceFlow(definition, current, input, await environmentFor(tx, tenantId, ticket.customer_id, now));
  const step = new SessionStep(deps, tx, tenantId, ticket, session, changes);
  const next = await step.apply(effects, state);
  await step.save(next, { lastMessageId });
  return step.queued;
}

type LockedSession = SessionRow & { expire_minutes: number };

async function withMinutes(tx: Tx, tenantId: number, session: SessionRow): Promise<LockedSession> {
  return { ...session, expire_minutes: (await expireMinutes(tx, tenantId, session.flow_id)).expire_minutes };
}

/** A person holds the ticket or it closed: the bot stops for it at once (issue 16 human takeover). */
async function stopIfTakenOver(tx: Tx, tenantId: number, ticket: TicketRow, session: SessionRow | undefined): Promise<boolean> {
  if (ticket.user_id === null && !ticket.finished_ticket) return false;
  if (session) {
    await tx
      .updateTable('chat_flow_sessions')
      .set({ status: 'taken_over', ended_at: new Date(), updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', session.id)
      .execute();
  }
  return true;
}

/**
 * Reads the ticket's customer messages the flow has not read yet: the first message of a ticket on
 * a connection with a passive flow starts a session; later ones answer the session's question.
 * Woken after every inbound batch and by the start-up sweep; a message is read once however often.
 */
export async function advanceTicket(deps: FlowEngineDeps, tenantId: number, ticketId: number): Promise<void> {
  const queued = await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const ticket = await lockTicket(tx, tenantId, ticketId);
    if (!ticket) return false;
    let running = await runningSession(tx, tenantId, ticketId);
    if (await stopIfTakenOver(tx, tenantId, ticket, running)) return false;
    const previous = running ?? (await tx.selectFrom('chat_flow_sessions').select(['last_message_id']).where('tenant_id', '=', tenantId).where('chat_ticket_id', '=', ticketId).orderBy('id', 'desc').executeTakeFirst());
    const unread = await tx
      .selectFrom('customer_chats')
      .select(['id', 'message', 'caption'])
      .where('tenant_id', '=', tenantId)
      .where('chat_ticket_id', '=', ticketId)
      .where('from_me', '=', false)
      .where('id', '>', previous?.last_message_id ?? 0)
      .orderBy('id')
      .execute();
    if (unread.length === 0) return false;
    let queuedAny = false;
    if (!running) {
      // An ended session never restarts by itself; only a ticket's first messages start one.
      if (previous) return false;
      const instance = await tx.selectFrom('instances').select('passive_flow_id').where('tenant_id', '=', tenantId).where('id', '=', ticket.instance_id).executeTakeFirst();
      if (!instance?.passive_flow_id) return false;
      const started = await startSession(tx, tenantId, ticket, instance.passive_flow_id, null, unread.at(-1)!.id);
      if (!started) return false;
      return stepSession(deps, tx, tenantId, ticket, started, { kind: 'start' }, changes);
    }
    let session = await withMinutes(tx, tenantId, running);
    for (const message of unread) {
      if (session.status !== 'waiting_answer') {
        // Messages during a wait are not answers; they stay for the attendant.
        await tx.updateTable('chat_flow_sessions').set({ last_message_id: message.id }).where('tenant_id', '=', tenantId).where('id', '=', session.id).execute();
        continue;
      }
      queuedAny = (await stepSession(deps, tx, tenantId, ticket, session, { kind: 'answer', text: message.message ?? message.caption ?? '' }, changes, message.id)) || queuedAny;
      running = await runningSession(tx, tenantId, ticketId);
      if (!running) break;
      session = await withMinutes(tx, tenantId, running);
    }
    return queuedAny;
  });
  if (queued) deps.onQueued?.();
}

/** Feeds a timer or an HTTP answer to the session, if it still waits at the step that asked for it. */
export async function resumeSession(deps: FlowEngineDeps, tenantId: number, sessionId: number, step: number, input: FlowInput): Promise<void> {
  const queued = await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const found = await tx.selectFrom('chat_flow_sessions').select(['chat_ticket_id']).where('tenant_id', '=', tenantId).where('id', '=', sessionId).executeTakeFirst();
    if (!found) return false;
    const ticket = await lockTicket(tx, tenantId, found.chat_ticket_id);
    const running = await runningSession(tx, tenantId, found.chat_ticket_id);
    if (!ticket || !running || running.id !== sessionId || running.step !== step) return false;
    if (await stopIfTakenOver(tx, tenantId, ticket, running)) return false;
    return stepSession(deps, tx, tenantId, ticket, await withMinutes(tx, tenantId, running), input, changes);
  });
  if (queued) deps.onQueued?.();
}

/** The HTTP request an HTTP step waits for, if the session still waits at that step. */
export async function pendingHttp(deps: FlowEngineDeps, tenantId: number, sessionId: number, step: number): Promise<StoredSession['pending_http']> {
  const row = await deps.database.withTenant(tenantId, (tx) =>
    tx.selectFrom('chat_flow_sessions').select(['state', 'step', 'status']).where('tenant_id', '=', tenantId).where('id', '=', sessionId).executeTakeFirst(),
  );
  if (!row || row.step !== step || row.status !== 'waiting_http') return null;
  return stateOf(row.state).pending_http ?? null;
}

/** An abandoned session ends, with the flow's optional message, and the ticket waits for a person. */
export async function expireSession(deps: FlowEngineDeps, tenantId: number, sessionId: number, step: number): Promise<void> {
  const queued = await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const found = await tx.selectFrom('chat_flow_sessions').select(['chat_ticket_id']).where('tenant_id', '=', tenantId).where('id', '=', sessionId).executeTakeFirst();
    if (!found) return false;
    const ticket = await lockTicket(tx, tenantId, found.chat_ticket_id);
    const running = await runningSession(tx, tenantId, found.chat_ticket_id);
    if (!ticket || !running || running.id !== sessionId || running.step !== step) return false;
    if (await stopIfTakenOver(tx, tenantId, ticket, running)) return false;
    const flow = await expireMinutes(tx, tenantId, running.flow_id);
    const session = { ...running, expire_minutes: flow.expire_minutes };
    const stepper = new SessionStep(deps, tx, tenantId, ticket, session, changes);
    if (flow.expire_message?.trim()) await stepper.send(flow.expire_message);
    await stepper.send(flowTexts.expiredNote, { comment: true });
    await stepper.save({ ...stateOf(running.state), pending_http: null }, { status: 'expired' });
    return stepper.queued;
  });
  if (queued) deps.onQueued?.();
}

export type StartFlowOutcome =
  /** The session runs (its first messages are queued). */
  | 'started'
  /** No such flow, or it has no published version. */
  | 'not_published'
  /** The ticket was finished. */
  | 'closed'
  /** A Cloud API customer's 24-hour window is closed and the flow does not open with a template. */
  | 'outside_window'
  /** startFlowForCustomer only: a person holds the customer's open ticket, or a flow already runs on it. */
  | 'busy'
  /** startFlowForCustomer only: a session was started with this key before (a retried job). */
  | 'already_started';

/**
 * WhatsApp's rule for the business writing first (issue 16 active flows): on a Cloud API number,
 * outside the customer's 24-hour window, only a flow that opens with a template may start.
 */
async function windowRefuses(tx: Tx, tenantId: number, instanceId: number, customerId: number, definition: FlowDefinition, now: Date): Promise<boolean> {
  if (startsWithTemplate(definition)) return false;
  const instance = await channelInstanceIn(tx, tenantId, instanceId);
  if (instance?.channel !== 'cloud-api') return false;
  const customer = await tx.selectFrom('customers').select('phone_number').where('tenant_id', '=', tenantId).where('id', '=', customerId).executeTakeFirstOrThrow();
  const last = await lastCustomerMessageAt(tx, tenantId, instanceId, brazilPhoneVariants(customer.phone_number));
  return !isWithinServiceWindow(last, now.getTime());
}

/** Starts `flowId` on a locked, open ticket the bot may take, in the caller's transaction. */
async function beginSession(
  deps: FlowEngineDeps,
  tx: Tx,
  tenantId: number,
  ticket: TicketRow,
  flowId: number,
  userId: number | null,
  changes: ChangeSet,
  startKey: string | null,
): Promise<{ outcome: StartFlowOutcome; queued: boolean }> {
  const flow = await publishedFlow(tx, tenantId, flowId);
  if (!flow) return { outcome: 'not_published', queued: false };
  const now = deps.now?.() ?? new Date();
  if (await windowRefuses(tx, tenantId, ticket.instance_id, ticket.customer_id, await versionDefinition(deps.database, tx, tenantId, flow.published_version_id), now)) {
    return { outcome: 'outside_window', queued: false };
  }
  const running = await runningSession(tx, tenantId, ticket.id);
  if (running) {
    await tx.updateTable('chat_flow_sessions').set({ status: 'stopped', ended_at: now }).where('tenant_id', '=', tenantId).where('id', '=', running.id).execute();
  }
  const last = await tx.selectFrom('customer_chats').select('id').where('tenant_id', '=', tenantId).where('chat_ticket_id', '=', ticket.id).orderBy('id', 'desc').executeTakeFirst();
  const started = await startSession(tx, tenantId, ticket, flowId, userId, last?.id ?? null, startKey);
  if (!started) return { outcome: 'not_published', queued: false };
  // The bot holds the ticket now: it waits in its department's queue, out of the person's hands.
  await tx.updateTable('chat_tickets').set({ user_id: null, inbox: true }).where('tenant_id', '=', tenantId).where('id', '=', ticket.id).execute();
  changes.add('chattickets', ticket.instance_id).add('customers', null);
  return { outcome: 'started', queued: await stepSession(deps, tx, tenantId, { ...ticket, user_id: null }, started, { kind: 'start' }, changes) };
}

/**
 * Starts a flow for a ticket on a person's request ("Iniciar fluxo", or handing a ticket back to a
 * flow): a flow already running on it stops, the ticket leaves the person for the bot.
 */
export async function startFlowForTicket(deps: FlowEngineDeps, tenantId: number, ticketId: number, flowId: number, userId: number): Promise<StartFlowOutcome> {
  let outcome: StartFlowOutcome = 'closed';
  const queued = await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const ticket = await lockTicket(tx, tenantId, ticketId);
    if (!ticket || ticket.finished_ticket) return false;
    const result = await beginSession(deps, tx, tenantId, ticket, flowId, userId, changes, null);
    outcome = result.outcome;
    return result.queued;
  });
  if (queued) deps.onQueued?.();
  return outcome;
}

export interface StartFlowForCustomer {
  tenantId: number;
  /** The connection the flow writes from. */
  instanceId: number;
  customerId: number;
  flowId: number;
  /** Who starts it: an attendant, or null for the business itself (a campaign). */
  userId: number | null;
  /** Makes the start idempotent: a second call with the same key (a retried job) starts nothing. */
  key?: string | null;
}

/**
 * Starts an active flow for one customer from server code (issue 16: a campaign starts one per
 * recipient). Opens the customer's ticket on the connection when none is open; leaves alone a
 * ticket a person holds or a flow already runs on ('busy'). One transaction: a refused start
 * (outside the 24-hour window without a template) leaves no ticket behind.
 */
export async function startFlowForCustomer(deps: FlowEngineDeps, request: StartFlowForCustomer): Promise<StartFlowOutcome> {
  const { tenantId, instanceId, customerId, flowId, userId } = request;
  const key = request.key ?? null;
  let outcome: StartFlowOutcome = 'not_published';
  const queued = await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    if (key !== null) {
      const known = await tx.selectFrom('chat_flow_sessions').select('id').where('tenant_id', '=', tenantId).where('start_key', '=', key).executeTakeFirst();
      if (known) {
        outcome = 'already_started';
        return false;
      }
    }
    const flow = await publishedFlow(tx, tenantId, flowId);
    if (!flow) return false;
    const definition = await versionDefinition(deps.database, tx, tenantId, flow.published_version_id);
    if (await windowRefuses(tx, tenantId, instanceId, customerId, definition, deps.now?.() ?? new Date())) {
      outcome = 'outside_window';
      return false;
    }
    const { ticket: opened } = await openTicket(tx, tenantId, { instanceId, customerId, userId: null });
    const ticket = await lockTicket(tx, tenantId, opened.id);
    if (!ticket || ticket.user_id !== null || (await runningSession(tx, tenantId, ticket.id))) {
      outcome = 'busy';
      return false;
    }
    const result = await beginSession(deps, tx, tenantId, ticket, flowId, userId, changes, key);
    outcome = result.outcome;
    return result.queued;
  });
  if (queued) deps.onQueued?.();
  return outcome;
}

/** Tickets whose messages the flows have not read: woken at start, for what arrived before a crash. */
export async function ticketsToWake(database: Database, sinceHours = 24): Promise<Array<{ tenantId: number; ticketId: number }>> {
  const { rows } = await database.asOwner((db) =>
    sql<{ tenant_id: number; id: number }>`
      select t.tenant_id, t.id from chat_tickets t
      join instances i on i.tenant_id = t.tenant_id and i.id = t.instance_id
      where t.finished_ticket = false and t.user_id is null and t.created_at > now() - make_interval(hours => ${sinceHours})
        and (
          (i.passive_flow_id is not null and not exists (select 1 from chat_flow_sessions s where s.tenant_id = t.tenant_id and s.chat_ticket_id = t.id))
          or exists (
            select 1 from chat_flow_sessions s where s.tenant_id = t.tenant_id and s.chat_ticket_id = t.id and s.status = 'waiting_answer'
              and exists (select 1 from customer_chats m where m.tenant_id = t.tenant_id and m.chat_ticket_id = t.id and m.from_me = false and m.id > coalesce(s.last_message_id, 0)))
        )
        and exists (select 1 from customer_chats m where m.tenant_id = t.tenant_id and m.chat_ticket_id = t.id and m.from_me = false)`.execute(db),
  );
  return rows.map((row) => ({ tenantId: Number(row.tenant_id), ticketId: Number(row.id) }));
}
