import { sql } from 'kysely';
import { ACK, advanceAck } from '../../../shared/domain/messages';
import type { Database } from '../../db/database';
import type { Selectable } from 'kysely';
import type { OutboundMessagesTable } from '../../db/schema/sync';
import { messageTexts } from '../../modules/messages/texts';
import type { PubSub } from '../../pubsub';
import { transactWithChanges } from '../changes';
import { loadOutboundItem } from './load-item';
import type { OutboundItem, OutboundSender } from './sender';

export interface DispatcherOptions {
  database: Database;
  pubsub: PubSub;
  sender: OutboundSender;
  /** Looks for due sends this often even without a nudge (retries, other processes' sends). */
  pollMs?: number;
  /** A claimed send not settled within this time is claimed again (its process died mid-send). */
  leaseMs?: number;
  maxAttempts?: number;
  batchSize?: number;
  /** After a send's provider id is recorded (channels apply statuses that beat the send's answer). */
  onSent?: (item: OutboundItem, providerMessageId: string | null) => Promise<void>;
  onError?: (error: unknown) => void;
}

type OutboundRow = Selectable<OutboundMessagesTable>;

const retryDelayMs = (attempt: number): number => Math.min(60_000, 1000 * 2 ** (attempt - 1));

const errorInfo = (error: unknown): { retryable: boolean; reason: string } => {
  const e = error as { retryable?: unknown; reason?: unknown } | null;
  return {
    retryable: e?.retryable !== false,
    reason: typeof e?.reason === 'string' && e.reason ? e.reason : messageTexts.sendFailed,
  };
};

/**
 * Hands queued sends (outbound_messages) to the sender. A send is claimed in its own committed
 * transaction (FOR UPDATE SKIP LOCKED, so concurrent dispatchers in any process never take the
 * same one) and handed over once per claim; a claim is only repeated when its lease runs out, i.e.
 * the process died between handing it over and recording the outcome.
 */
export class OutboundDispatcher {
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly batchSize: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: DispatcherOptions) {
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.batchSize = options.batchSize ?? 20;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
  }

  /** Dispatch now (a send was just queued); coalesces with a run in progress. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drainLoop().finally(() => {
      this.running = null;
    });
  }

  /** Dispatches everything due now; resolves when done (tests). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
    this.kick();
    await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async drainLoop(): Promise<void> {
    do {
      this.again = false;
      try {
        for (const tenantId of await this.tenantsWithDueSends()) {
          while (!this.stopped && (await this.dispatchBatch(tenantId)) === this.batchSize);
        }
      } catch (error) {
        this.options.onError?.(error);
      }
    } while (this.again && !this.stopped);
  }

  /** The one cross-tenant look: which tenants have sends due (a platform task, as table owner). */
  private async tenantsWithDueSends(): Promise<number[]> {
    const { rows } = await this.options.database.asOwner((db) =>
      sql<{ tenant_id: number }>`
        select distinct tenant_id from outbound_messages
        where status in ('pending', 'sending') and available_at <= now()
        limit 1000`.execute(db),
    );
    return rows.map((row) => Number(row.tenant_id));
  }

  private async claim(tenantId: number): Promise<OutboundRow[]> {
    return this.options.database.withTenant(tenantId, async (tx) => {
      const { rows } = await sql<OutboundRow>`
        update outbound_messages o
        set status = 'sending', attempts = o.attempts + 1, available_at = now() + ${`${this.leaseMs} milliseconds`}::interval
        from (
          select tenant_id, id from outbound_messages
          where tenant_id = ${tenantId} and status in ('pending', 'sending') and available_at <= now()
          order by id
          limit ${this.batchSize}
          for update skip locked
        ) due
        where o.tenant_id = due.tenant_id and o.id = due.id
        returning o.*`.execute(tx);
      return rows.sort((a, b) => a.id - b.id);
    });
  }

  private async dispatchBatch(tenantId: number): Promise<number> {
    const claimed = await this.claim(tenantId);
    // One at a time, in queue order: a customer receives a conversation's messages in the order written.
    for (const row of claimed) await this.dispatchOne(row);
    return claimed.length;
  }

  private async dispatchOne(row: OutboundRow): Promise<void> {
    const item = await this.options.database.withTenant(row.tenant_id, (tx) => loadOutboundItem(tx, row));
    if (!item) {
      await this.settle(row, { status: 'failed', reason: messageTexts.sendFailed, providerMessageId: null });
      return;
    }
    let providerMessageId: string | null;
    try {
      ({ providerMessageId } = await this.options.sender.send(item));
    } catch (error) {
      const { retryable, reason } = errorInfo(error);
      if (retryable && row.attempts < this.maxAttempts) await this.retryLater(row, reason);
      else await this.settle(row, { status: 'failed', reason, providerMessageId: null });
      return;
    }
    // Outside the try: a failure to record the outcome must not count as a failed send and resend it.
    await this.settle(row, { status: 'sent', reason: null, providerMessageId });
    await this.options.onSent?.(item, providerMessageId).catch((error: unknown) => this.options.onError?.(error));
  }

  private async retryLater(row: OutboundRow, reason: string): Promise<void> {
    await this.options.database.withTenant(row.tenant_id, (tx) =>
      tx
        .updateTable('outbound_messages')
        .set({ status: 'pending', last_error: reason, available_at: new Date(Date.now() + retryDelayMs(row.attempts)) })
        .where('tenant_id', '=', row.tenant_id)
        .where('id', '=', row.id)
        .execute(),
    );
  }

  /** Records the outcome on the queue entry and on the message (ack sent or failed, provider id). */
  private async settle(row: OutboundRow, outcome: { status: 'sent' | 'failed'; reason: string | null; providerMessageId: string | null }): Promise<void> {
    const { tenant_id: tenantId } = row;
    await transactWithChanges(this.options.database, this.options.pubsub, tenantId, async (tx, changes) => {
      await tx
        .updateTable('outbound_messages')
        .set({ status: outcome.status, last_error: outcome.reason, sent_at: outcome.status === 'sent' ? new Date() : null })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', row.id)
        .execute();
      const target = outcome.status === 'sent' ? ACK.sent : ACK.failed;
      if (row.customer_chat_id !== null) {
        const message = await tx
          .selectFrom('customer_chats')
          .select(['ack', 'whatsapp_message_id'])
          .where('tenant_id', '=', tenantId)
          .where('id', '=', row.customer_chat_id)
          .forUpdate()
          .executeTakeFirst();
        if (!message) return;
        await tx
          .updateTable('customer_chats')
          .set({
            ack: advanceAck(message.ack, target),
            whatsapp_message_id: message.whatsapp_message_id ?? outcome.providerMessageId,
            failure_reason: outcome.reason,
          })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', row.customer_chat_id)
          .execute();
        changes.add('customerchats', row.instance_id);
      }
      if (row.reaction_id !== null) {
        await tx
          .updateTable('customer_chat_reactions')
          .set({ ack: target, whatsapp_message_id: outcome.providerMessageId })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', row.reaction_id)
          .execute();
        changes.add('customerchatreactions', row.instance_id);
      }
    });
  }
}
