import { sql } from 'kysely';
import { ACK, advanceAck, type Ack } from '../../../shared/domain/messages';
import type { Database, Tx } from '../../db/database';
import type { Logger } from '../../logger';
import type { InstanceKey } from '../channel';
import type { InboundPipeline } from '../inbound-pipeline';

/** Steps applied per read of the due ones. */
const STEP_BATCH = 100;

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
  private readonly timers = new Set<NodeJS.Timeout>();
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
        due_at: sql<Date>`now() + ${`${this.options.ackStepMs} milliseconds`}::interval`,
      })
      .execute();
  }

  /** Runs the due steps once a step's time has passed (after the caller's transaction committed). */
  nudge(): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.runDue();
    }, this.options.ackStepMs);
    this.timers.add(timer);
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
    for (const timer of this.timers) clearTimeout(timer);
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
      for (const step of steps) {
        if (this.closed) return;
        await this.runStep(tenantId, step);
      }
      if (steps.length < STEP_BATCH) return;
    }
  }

  private async runStep(tenantId: number, step: { id: number; instance_id: number; provider_message_id: string; ack: number }): Promise<void> {
    const instance = { tenantId, id: step.instance_id };
    const ack = step.ack === ACK.read ? ACK.read : ACK.delivered;
    await this.options.pipeline.processStatuses(instance, [
      { providerMessageId: step.provider_message_id, status: ack === ACK.read ? 'read' : 'delivered', at: new Date(), recipient: null, error: null },
    ]);
    const next = await this.options.database.withTenant(tenantId, async (tx) => {
      const taken = await tx.deleteFrom('sandbox_ack_steps').where('tenant_id', '=', tenantId).where('id', '=', step.id).returning('id').executeTakeFirst();
      // Another process took this step meanwhile: it adds the next one.
      if (!taken) return false;
      const row = await tx
        .selectFrom('sandbox_messages')
        .select(['id', 'ack'])
        .where('tenant_id', '=', tenantId)
        .where('provider_message_id', '=', step.provider_message_id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return false;
      await tx
        .updateTable('sandbox_messages')
        .set({ ack: advanceAck(row.ack, ack), updated_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', row.id)
        .execute();
      if (ack !== ACK.delivered) return false;
      await this.add(tx, instance, step.provider_message_id, ACK.read);
      return true;
    });
    if (next) this.nudge();
  }
}
