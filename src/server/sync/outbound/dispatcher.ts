import { sql } from 'kysely';
import { ACK, advanceAck } from '../../../shared/domain/messages';
import type { Database } from '../../db/database';
import { PREPARED } from '../../db/prepared';
import type { Selectable } from 'kysely';
import type { OutboundMessagesTable } from '../../db/schema/sync';
import { messageTexts } from '../../modules/messages/texts';
import type { PubSub } from '../../pubsub';
import { transactWithChanges } from '../changes';
import { loadOutboundItems, type LoadedItem } from './load-item';
import type { OutboundItem, OutboundSender } from './sender';

export interface DispatcherOptions {
  database: Database;
  pubsub: PubSub;
  sender: OutboundSender;
  /** Looks for due sends this often even without a nudge (retries, other processes' sends). */
  pollMs?: number;
  /**
   * A claim lives this long unless its process renews it (every third of it while working): a send
   * of a process that died is claimed again within one lease.
   */
  leaseMs?: number;
  maxAttempts?: number;
  batchSize?: number;
  /** Conversations of a batch sent side by side (a pool connection each while they commit). */
  concurrency?: number;
  /** After a send's provider id is recorded (channels apply statuses that beat the send's answer). */
  onSent?: (item: OutboundItem, providerMessageId: string | null) => Promise<void>;
  onError?: (error: unknown) => void;
}

type OutboundRow = Selectable<OutboundMessagesTable>;

/** First key of the advisory lock that makes a tenant's claimers take turns. */
const CLAIM_LOCK = 727_301;

const retryDelayMs = (attempt: number): number => Math.min(60_000, 1000 * 2 ** (attempt - 1));

const errorInfo = (error: unknown): { retryable: boolean; reason: string } => {
  const e = error as { retryable?: unknown; reason?: unknown } | null;
  return {
    retryable: e?.retryable !== false,
    reason: typeof e?.reason === 'string' && e.reason ? e.reason : messageTexts.sendFailed,
  };
};

/**
 * Hands queued sends (outbound_messages) to the sender, exactly once and in order per conversation
 * (issue 13 §2). Claim → send → record:
 * - the claim is committed before the send, so it is the durable record of the intent; the
 *   outbound id travels with the send as its idempotency key (OutboundItem.outboundId);
 * - a claim is renewed while its process works, so a crash holds a send back for one short lease
 *   only, and nothing of the same conversation is claimed meanwhile (no overtaking);
 * - a send claimed again after a crash may have reached the provider: the sandbox answers the
 *   first send's id for the same key (exactly once); the Cloud API takes no key, so there it is
 *   sent again (at least once: a rare duplicate in a window of one HTTP answer beats a lost reply).
 */
export class OutboundDispatcher {
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** Claims of the batch in hand already settled (their lease needs no renewal). */
  private readonly settled = new Set<number>();

  constructor(private readonly options: DispatcherOptions) {
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.batchSize = options.batchSize ?? 20;
    // Leaves most of a PostgreSQL pool (10) to requests; PGlite's one session takes them in turn anyway.
    this.concurrency = options.concurrency ?? 4;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    // An embedded database belongs to this one process: claims still open are an earlier run's,
    // cut short by a crash, and go out now rather than after their lease.
    if (this.options.database.kind === 'pglite') {
      this.running = this.releaseEarlierRunsClaims()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          this.running = null;
          this.kick();
        });
    }
  }

  private async releaseEarlierRunsClaims(): Promise<void> {
    await this.options.database.asOwner((db) => sql`update outbound_messages set available_at = now() where status = 'sending'`.execute(db));
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
          while (!this.stopped && (await this.dispatchBatch(tenantId)) > 0);
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

  /**
   * Claims the due sends of a tenant, oldest first, skipping every send whose conversation (customer
   * on a connection) has an earlier one not yet settled and not due (held by a live claim, or
   * waiting for its retry): a later message never overtakes an earlier one. Claimers of a tenant
   * take turns (advisory lock), so an earlier due send is always in the same batch as a later one.
   */
  private async claim(tenantId: number): Promise<OutboundRow[]> {
    return this.options.database.withTenant(tenantId, async (tx) => {
      await sql`select pg_advisory_xact_lock(${CLAIM_LOCK}::int, ${tenantId}::int)`.execute(tx);
      const { rows } = await sql<OutboundRow>`
        update outbound_messages o
        set status = 'sending', attempts = o.attempts + 1, available_at = now() + ${`${this.leaseMs} milliseconds`}::interval
        from (
          select h.tenant_id, h.id from outbound_messages h
          where h.tenant_id = ${tenantId} and h.status in ('pending', 'sending') and h.available_at <= now()
            and not exists (
              select 1 from outbound_messages e
              where e.tenant_id = h.tenant_id and e.instance_id = h.instance_id and e.customer_id = h.customer_id
                and e.id < h.id and e.status in ('pending', 'sending') and e.available_at > now())
          order by h.id
          limit ${this.batchSize}
          for update
        ) due
        where o.tenant_id = due.tenant_id and o.id = due.id
        returning o.*`.execute(tx);
      return rows.sort((a, b) => a.id - b.id);
    });
  }

  /** Keeps this process's claims alive while it works through them; a dead process's run out within one lease. */
  private async renew(rows: readonly OutboundRow[]): Promise<void> {
    const open = rows.filter((row) => !this.settled.has(row.id));
    if (open.length === 0) return;
    await this.options.database.withTenant(open[0]!.tenant_id, (tx) =>
      tx
        .updateTable('outbound_messages')
        .set({ available_at: sql<Date>`now() + ${`${this.leaseMs} milliseconds`}::interval` })
        .where('tenant_id', '=', open[0]!.tenant_id)
        .where('id', 'in', open.map((row) => row.id))
        .where('status', '=', 'sending')
        .execute(),
    );
  }

  private async dispatchBatch(tenantId: number): Promise<number> {
    const claimed = await this.claim(tenantId);
    if (claimed.length === 0) return 0;
    const renewal = setInterval(() => void this.renew(claimed).catch((error: unknown) => this.options.onError?.(error)), Math.max(50, this.leaseMs / 3));
    // A conversation whose send must wait (retry) holds its later sends back: they go after it.
    const held = new Set<string>();
    try {
      // What the batch sends, read at once: a send of its own is a handful of statements fewer (a campaign's thousands of sends).
      const loaded = await this.options.database.withTenant(tenantId, (tx) => loadOutboundItems(tx, claimed));
      const conversations = new Map<string, OutboundRow[]>();
      for (const row of claimed) {
        const conversation = `${row.instance_id}:${row.customer_id ?? `row${row.id}`}`;
        conversations.set(conversation, [...(conversations.get(conversation) ?? []), row]);
      }
      const waiting = [...conversations.entries()];
      // Within a conversation one at a time, in queue order: a customer receives its messages in the
      // order written. Conversations go side by side: each send commits a few transactions, and a
      // database server's commits wait on the disk, which serial sends paid one after the other.
      const worker = async () => {
        for (let next = waiting.shift(); next; next = waiting.shift()) {
          const [conversation, rows] = next;
          for (const row of rows) {
            if (held.has(conversation) || this.stopped) await this.release(row);
            else if ((await this.dispatchOne(row, loaded.get(row.id))) === 'retry') held.add(conversation);
            this.settled.add(row.id);
          }
        }
      };
      const done = await Promise.allSettled(Array.from({ length: Math.min(this.concurrency, waiting.length) }, worker));
      const failed = done.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failed) throw failed.reason;
    } finally {
      clearInterval(renewal);
      for (const row of claimed) this.settled.delete(row.id);
    }
    return claimed.length;
  }

  /** Gives an unsent claim back as it was (not an attempt): it is claimed again after what holds it. */
  private async release(row: OutboundRow): Promise<void> {
    await this.options.database.withTenant(row.tenant_id, (tx) =>
      tx
        .updateTable('outbound_messages')
        .set({ status: 'pending', attempts: row.attempts - 1, available_at: new Date() })
        .where('tenant_id', '=', row.tenant_id)
        .where('id', '=', row.id)
        .execute(),
    );
  }

  private async dispatchOne(row: OutboundRow, loaded: LoadedItem | undefined): Promise<'done' | 'retry'> {
    // A quote of a message sent earlier in this batch: its provider id is recorded now.
    const item = loaded?.quotesUnsent
      ? (await this.options.database.withTenant(row.tenant_id, (tx) => loadOutboundItems(tx, [row]))).get(row.id)?.item
      : loaded?.item;
    if (!item) {
      await this.settle(row, { status: 'failed', reason: messageTexts.sendFailed, providerMessageId: null });
      return 'done';
    }
    let providerMessageId: string | null;
    try {
      ({ providerMessageId } = await this.options.sender.send(item));
    } catch (error) {
      const { retryable, reason } = errorInfo(error);
      if (retryable && row.attempts < this.maxAttempts) {
        await this.retryLater(row, reason);
        return 'retry';
      }
      await this.settle(row, { status: 'failed', reason, providerMessageId: null });
      return 'done';
    }
    // Outside the try: a failure to record the outcome must not count as a failed send and resend it.
    await this.settle(row, { status: 'sent', reason: null, providerMessageId });
    await this.options.onSent?.(item, providerMessageId).catch((error: unknown) => this.options.onError?.(error));
    return 'done';
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
        .modifyEnd(PREPARED)
        .execute();
      const target = outcome.status === 'sent' ? ACK.sent : ACK.failed;
      if (row.customer_chat_id !== null) {
        const message = await tx
          .selectFrom('customer_chats')
          .select(['ack', 'whatsapp_message_id'])
          .where('tenant_id', '=', tenantId)
          .where('id', '=', row.customer_chat_id)
          .forUpdate()
          .modifyEnd(PREPARED)
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
          .modifyEnd(PREPARED)
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
