import { sql } from 'kysely';
import type { Database } from '../db/database';
import { PREPARED } from '../db/prepared';
import type { PubSub, Unsubscribe } from '../pubsub';
import { AsyncQueue } from './async-queue';
import { changeChannel, type ChangeEvent, type CollectionName } from './changes';
import { checkpointFromCursor, isAfter, minCursor, type Cursor } from './checkpoint';
import type { FeedCollection, FeedRow, FeedScope, SyncDocument } from './collections/feed';
import type { PullBulk } from './pull';
import { transformRow, type SyncViewer } from './visibility';

export interface StreamHubOptions {
  database: Database;
  pubsub: PubSub;
  /** Safety net for writes nobody announced (another module, a lost Redis message). */
  pollMs?: number;
  batchSize?: number;
  /** Emissions a slow subscriber may have queued before they collapse into one RESYNC. */
  maxQueued?: number;
  onError?: (error: unknown) => void;
}

const RESYNC = <Doc>(): PullBulk<Doc> => ({ documents: [], checkpoint: null, resync: true });
const RETRY_FIRST_MS = 10;
const RETRY_MAX_MS = 500;
const SUBSCRIBE_WAIT_MS = 1000;

interface Subscriber {
  viewer: SyncViewer;
  cursor: Cursor;
  out: AsyncQueue<PullBulk<SyncDocument>>;
}

/** The subscribers of one tenant, connection and collection: their changes are read once for all. */
interface Group {
  key: string;
  feed: FeedCollection<SyncDocument>;
  scope: FeedScope;
  subscribers: Set<Subscriber>;
  running: boolean;
  dirty: boolean;
  /** The highest announced change position not yet known to be readable. */
  pending: number;
  retryMs: number;
  retryTimer: NodeJS.Timeout | null;
  pollTimer: NodeJS.Timeout;
}

/**
 * Stream (DESIGN §4): graphql-ws subscriptions of every collection, grouped by tenant, connection
 * and collection. A change event makes a group read its feed once, from the lowest cursor among
 * its subscribers, and hand each subscriber its own rows after its cursor, transformed for its
 * viewer in memory; never one query per subscriber per event.
 */
export class StreamHub {
  private readonly groups = new Map<string, Group>();
  private readonly tenants = new Map<number, { count: number; unsubscribe: Promise<Unsubscribe> }>();
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly maxQueued: number;
  private closed = false;

  constructor(private readonly options: StreamHubOptions) {
    this.pollMs = options.pollMs ?? 2000;
    this.batchSize = options.batchSize ?? 500;
    this.maxQueued = options.maxQueued ?? 500;
  }

  /** A subscription whose first emission is the RESYNC marker, then the viewer's changes. */
  async subscribe<Doc extends SyncDocument>(
    feed: FeedCollection<Doc>,
    scope: FeedScope,
    viewer: SyncViewer,
  ): Promise<AsyncIterableIterator<PullBulk<Doc>>> {
    // Changes below the oldest running transaction are the RESYNC pull's; the stream takes the rest.
    const xmin = await this.readXmin(scope.tenantId);
    const group = await this.groupFor(feed as FeedCollection<SyncDocument>, scope);
    const subscriber: Subscriber = {
      viewer,
      cursor: { position: xmin - 1, id: Number.MAX_SAFE_INTEGER },
      out: new AsyncQueue(() => this.leave(group, subscriber)),
    };
    subscriber.out.push(RESYNC());
    group.subscribers.add(subscriber);
    return subscriber.out as unknown as AsyncIterableIterator<PullBulk<Doc>>;
  }

  /** Subscribers currently attached (tests and health checks). */
  get subscriberCount(): number {
    let count = 0;
    for (const group of this.groups.values()) count += group.subscribers.size;
    return count;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const group of [...this.groups.values()]) for (const subscriber of [...group.subscribers]) subscriber.out.close();
    await Promise.all([...this.tenants.values()].map(async (t) => (await t.unsubscribe.catch(() => null))?.()));
    this.tenants.clear();
  }

  private async readXmin(tenantId: number): Promise<number> {
    const { rows } = await this.options.database.withTenant(tenantId, (tx) =>
      sql<{ xmin: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(tx),
    );
    return Number(rows[0]?.xmin ?? 0);
  }

  private async groupFor(feed: FeedCollection<SyncDocument>, scope: FeedScope): Promise<Group> {
    const key = `${scope.tenantId}:${feed.name}:${scope.instanceId}`;
    const existing = this.groups.get(key);
    if (existing) return existing;
    await this.watchTenant(scope.tenantId);
    const raced = this.groups.get(key);
    if (raced) {
      await this.unwatchTenant(scope.tenantId);
      return raced;
    }
    const group: Group = {
      key,
      feed,
      scope,
      subscribers: new Set(),
      running: false,
      dirty: false,
      pending: 0,
      retryMs: RETRY_FIRST_MS,
      retryTimer: null,
      pollTimer: setInterval(() => this.schedule(group), this.pollMs),
    };
    group.pollTimer.unref();
    this.groups.set(key, group);
    return group;
  }

  private leave(group: Group, subscriber: Subscriber): void {
    group.subscribers.delete(subscriber);
    if (group.subscribers.size > 0 || this.groups.get(group.key) !== group) return;
    this.groups.delete(group.key);
    clearInterval(group.pollTimer);
    if (group.retryTimer) clearTimeout(group.retryTimer);
    void this.unwatchTenant(group.scope.tenantId);
  }

  private async watchTenant(tenantId: number): Promise<void> {
    const watch = this.tenants.get(tenantId);
    if (watch) {
      watch.count++;
      await this.atMost(watch.unsubscribe);
      return;
    }
    const unsubscribe = this.options.pubsub.subscribe(changeChannel(tenantId), (event) => this.onEvent(event as ChangeEvent));
    this.tenants.set(tenantId, { count: 1, unsubscribe });
    await this.atMost(unsubscribe);
  }

  /**
   * A bus that does not answer (Redis down) must not hold back the RESYNC: the client pulls
   * anyway, and the group's poll delivers until the subscription is active.
   */
  private async atMost(subscribed: Promise<unknown>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([subscribed.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS)))]);
    clearTimeout(timer);
  }

  private async unwatchTenant(tenantId: number): Promise<void> {
    const watch = this.tenants.get(tenantId);
    if (!watch || --watch.count > 0) return;
    this.tenants.delete(tenantId);
    const off = await watch.unsubscribe.catch(() => null);
    await off?.();
  }

  private onEvent(event: ChangeEvent): void {
    for (const group of this.groups.values()) {
      const { scope, feed } = group;
      if (scope.tenantId !== event.tenantId || feed.name !== (event.collection as CollectionName)) continue;
      if (event.instanceId !== null && event.instanceId !== scope.instanceId) continue;
      group.pending = Math.max(group.pending, event.position);
      this.schedule(group);
    }
  }

  private schedule(group: Group): void {
    if (this.closed || group.subscribers.size === 0) return;
    if (group.running) {
      group.dirty = true;
      return;
    }
    group.running = true;
    void this.run(group)
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        group.running = false;
        if (group.dirty) this.schedule(group);
      });
  }

  private async run(group: Group): Promise<void> {
    group.dirty = false;
    const pending = group.pending;
    const from = minCursor([...group.subscribers].map((s) => s.cursor));
    if (!from) return;
    const xmin = await this.options.database.withTenant(group.scope.tenantId, async (tx) => {
      // Taken before reading: a change below it is surely in what the reads below see.
      const { rows: snapshot } = await sql<{ xmin: string }>`${PREPARED} select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(tx);
      let cursor = from;
      for (;;) {
        const rows = await group.feed.read(tx, group.scope, cursor, this.batchSize);
        if (rows.length === 0) break;
        this.fanOut(group, rows);
        cursor = rows[rows.length - 1]!.cursor;
        if (rows.length < this.batchSize) break;
      }
      return Number(snapshot[0]?.xmin ?? 0);
    });
    this.retryIfBlocked(group, pending, xmin);
  }

  /**
   * Subscribers who get the same documents up to the same checkpoint (same visibility, caught up
   * alike: the usual case) get one and the same bulk object, which the GraphQL layer maps through
   * a selection set once for all of them (graphql/shared-stream-events.ts). Only identical
   * documents are shared: a viewer who may see a row and one who gets its tombstone get different
   * bulks.
   */
  private fanOut(group: Group, rows: Awaited<ReturnType<FeedCollection<SyncDocument>['read']>>): void {
    const bulks = new Map<string, PullBulk<SyncDocument>>();
    const tombstones = new Map<FeedRow<SyncDocument>, SyncDocument>();
    const identities = new Map<SyncDocument, number>();
    const identityOf = (doc: SyncDocument): number => {
      let identity = identities.get(doc);
      if (identity === undefined) identities.set(doc, (identity = identities.size));
      return identity;
    };
    // A tombstone is made per call; one per row lets the viewers who get it share a bulk.
    const tombstoneOf = (row: FeedRow<SyncDocument>, doc: SyncDocument): SyncDocument => {
      const kept = tombstones.get(row);
      if (kept) return kept;
      tombstones.set(row, doc);
      return doc;
    };
    for (const subscriber of group.subscribers) {
      const from = subscriber.cursor;
      const documents: SyncDocument[] = [];
      for (const row of rows) {
        if (!isAfter(row.cursor, from)) continue;
        const doc = transformRow(group.feed, row, subscriber.viewer, from);
        if (doc) documents.push(doc === row.doc ? doc : tombstoneOf(row, doc));
        subscriber.cursor = row.cursor;
      }
      if (documents.length === 0) continue;
      const checkpoint = checkpointFromCursor(subscriber.cursor);
      const key = `${checkpoint.position}:${checkpoint.id}:${documents.map(identityOf).join(',')}`;
      let bulk = bulks.get(key);
      if (!bulk) bulks.set(key, (bulk = { documents, checkpoint, resync: false }));
      if (subscriber.out.size >= this.maxQueued) subscriber.out.replaceBuffered(RESYNC());
      else subscriber.out.push(bulk);
    }
  }

  /**
   * An announced change stays unreadable while an older transaction is still running; nothing
   * may announce that one, so look again shortly (backing off) until the change is readable.
   */
  private retryIfBlocked(group: Group, pending: number, xmin: number): void {
    if (pending < xmin) {
      group.retryMs = RETRY_FIRST_MS;
      if (group.pending === pending) group.pending = 0;
      return;
    }
    if (group.retryTimer || this.closed) return;
    const delay = group.retryMs;
    group.retryMs = Math.min(RETRY_MAX_MS, group.retryMs * 2);
    group.retryTimer = setTimeout(() => {
      group.retryTimer = null;
      this.schedule(group);
    }, delay);
    group.retryTimer.unref();
  }
}
