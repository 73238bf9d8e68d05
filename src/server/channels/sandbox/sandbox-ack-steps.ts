import { sql } from 'kysely';
import { ACK, advanceAck, type Ack } from '../../../shared/domain/messages';
import type { Database, Tx } from '../../db/database';
import { PREPARED } from '../../db/prepared';
import type { Logger } from '../../logger';
import type { InstanceKey } from '../channel';
import type { InboundPipeline } from '../inbound-pipeline';

/** Steps applied per read of the due ones. */
const STEP_BATCH = 100;
/** Steps falling due this close together run in one go: one timer and one batch for a burst of sends. */
const NUDGE_GRAIN_MS = 50;

export interface SandboxAckStepsOptions {
  database: Database;
  pipeline: InboundPipeline;
  logger: Logger;
  /** Time between sent → delivered and delivered → read (0: at once, for tests). */
  ackStepMs: number;
}

/**
 * The sandbox's sent → delivered → read steps still to come (issue 13 §2): each is a row with a
 * due time (sandbox_ack_steps), the first written in the send's own transaction. Timers only
 * nudge; `runDue` (called by them and by the channels' poller) does the work, so a restart resumes
 * every step.
 */
export class SandboxAckSteps {
  /** By the time they fire (a multiple of NUDGE_GRAIN_MS). */
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(private readonly options: SandboxAckStepsOptions) {}

  /** Records a coming step, due one step from now, in the caller's transaction. */
  async add(tx: Tx, instance: InstanceKey, providerMessageId: string, ack: Ack): Promise<void> {
    await tx
      .insertInto('sandbox_ack_steps')
      .values({
        tenant_id: instance.tenantId,
        instance_id: instance.id,
        provider_message_id: providerMessageId,
        ack,
        due_at: this.dueAt(),
      })
      .modifyEnd(PREPARED)
      .execute();
  }

  private dueAt() {
    return sql<Date>`now() + ${`${this.options.ackStepMs} milliseconds`}::interval`;
  }

  /** Runs the due steps once a step's time has passed (after the caller's transaction committed). */
  nudge(): void {
    if (this.closed) return;
    const at = Math.ceil((Date.now() + this.options.ackStepMs) / NUDGE_GRAIN_MS) * NUDGE_GRAIN_MS;
    if (this.timers.has(at)) return;
    const timer = setTimeout(() => {
      this.timers.delete(at);
      void this.runDue();
    }, at - Date.now());
    this.timers.set(at, timer);
  }

  /**
   * Applies every due step (all tenants); coalesces with a run in progress. Each step is first
   * reported through the pipeline, then removed with the next step added, so a crash between the
   * two only repeats a status, which moves nothing back (acks only advance).
   */
  runDue(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          for (const tenantId of await this.tenantsWithDueSteps()) await this.runTenantSteps(tenantId);
        } catch (err) {
          this.options.logger.error({ err }, 'sandbox ack failed');
        }
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.running;
  }

  private async tenantsWithDueSteps(): Promise<number[]> {
    const { rows } = await this.options.database.asOwner((db) =>
      sql<{ tenant_id: number }>`select distinct tenant_id from sandbox_ack_steps where due_at <= now() limit 1000`.execute(db),
    );
    return rows.map((row) => Number(row.tenant_id));
  }

  private async runTenantSteps(tenantId: number): Promise<void> {
    for (;;) {
      const steps = await this.options.database.withTenant(tenantId, (tx) =>
        tx
          .selectFrom('sandbox_ack_steps')
          .select(['id', 'instance_id', 'provider_message_id', 'ack'])
          .where('tenant_id', '=', tenantId)
          .where('due_at', '<=', sql<Date>`now()`)
          .orderBy('due_at')
          .orderBy('id')
          .limit(STEP_BATCH)
          .execute(),
      );
      if (this.closed) return;
      if (steps.length > 0) await this.runSteps(tenantId, steps);
      if (steps.length < STEP_BATCH) return;
    }
  }

  /**
   * A batch of due steps (each of another message: a message's next step is added only once its
   * step ran). Reported all at once, so the statuses' group commit writes them in one transaction
   * instead of one each (a campaign's thousands of sends all step twice); then removed, with the
   * next steps added, in one more.
   */
  private async runSteps(tenantId: number, steps: ReadonlyArray<{ id: number; instance_id: number; provider_message_id: string; ack: number }>): Promise<void> {
    const ackOf = (step: { ack: number }) => (step.ack === ACK.read ? ACK.read : ACK.delivered);
    const reported = await Promise.allSettled(
      steps.map((step) =>
        this.options.pipeline.processStatuses({ tenantId, id: step.instance_id }, [
          { providerMessageId: step.provider_message_id, status: ackOf(step) === ACK.read ? 'read' : 'delivered', at: new Date(), recipient: null, error: null },
        ]),
      ),
    );
    const failed = reported.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const next = await this.options.database.withTenant(tenantId, async (tx) => {
      const taken = await tx
        .deleteFrom('sandbox_ack_steps')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', steps.map((step) => step.id))
        .returning('id')
        .execute();
      // A step another process took meanwhile is that one's to follow up.
      const ids = new Set(taken.map((row) => row.id));
      const mine = steps.filter((step) => ids.has(step.id));
      if (mine.length === 0) return 0;
      const rows = await tx
        .selectFrom('sandbox_messages')
        .select(['id', 'ack', 'provider_message_id'])
        .where('tenant_id', '=', tenantId)
        .where('provider_message_id', 'in', mine.map((step) => step.provider_message_id))
        .forUpdate()
        .execute();
      const stepOf = new Map(mine.map((step) => [step.provider_message_id, step]));
      const moved = rows.map((row) => ({ row, step: stepOf.get(row.provider_message_id)! }));
      if (moved.length === 0) return 0;
      await sql`
        update sandbox_messages m set ack = v.ack, updated_at = now()
        from unnest(${moved.map(({ row }) => row.id)}::bigint[], ${moved.map(({ row, step }) => advanceAck(row.ack, ackOf(step)))}::smallint[]) as v(id, ack)
        where m.tenant_id = ${tenantId} and m.id = v.id`.execute(tx);
      const reads = moved.filter(({ step }) => ackOf(step) === ACK.delivered).map(({ step }) => step);
      if (reads.length > 0) {
        await tx
          .insertInto('sandbox_ack_steps')
          .values(reads.map((step) => ({ tenant_id: tenantId, instance_id: step.instance_id, provider_message_id: step.provider_message_id, ack: ACK.read, due_at: this.dueAt() })))
          .execute();
      }
      return reads.length;
    });
    if (next > 0) this.nudge();
  }
}
