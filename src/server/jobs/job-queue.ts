import { createHash } from 'node:crypto';
import { PgBoss, type Db as BossDb } from 'pg-boss';
import { sql } from 'kysely';
import { afterCommit, APP_ROLE, type Database, type Tx } from '../db/database';
import { JOB_SCHEMA, embeddedAppBossDb, embeddedOwnerBossDb, transactionBossDb } from '../db/job-queue-database';

/**
 * The one durable job queue (DESIGN §5a): pg-boss, in the same database as the data.
 *
 * Define a job once, in the module that owns the work, and list it in `job-modules.ts`:
 *
 *     export const reminderJob = defineJob<{ tenantId: number; id: number }>({
 *       name: 'crm.reminder',
 *       run: async ({ tenantId, id }) => { ... },   // throw to retry; must be safe to run twice
 *     });
 *
 * Send it inside the transaction that writes the row needing it, so the job exists exactly when
 * the row does (a rolled-back transaction leaves no job):
 *
 *     await database.withTenant(tenantId, async (tx) => {
 *       const row = await tx.insertInto('reminders')...;
 *       await jobs.send(tx, reminderJob, { tenantId, id: row.id }, { at: row.due_at, key: `reminder:${row.id}` });
 *     });
 *
 * `at` schedules it (no earlier than that instant; a time passed while the server was down runs at
 * the next start); `key` makes the send idempotent: a second send with the same key is ignored.
 * A handler whose effect must happen once (a message to a customer) records that effect with a
 * deterministic hash in the same transaction as its intent (e.g. `sendOutgoing` with
 * `hash: 'schedule:<id>'`), so a retry after a crash finds it and does nothing twice.
 * Several replicas on PostgreSQL share the queue: a job is fetched by one of them (SKIP LOCKED).
 */
export interface JobRun {
  id: string;
  /** 0 on the first run. */
  retryCount: number;
}

export interface JobDefinition<T extends object> {
  /** `<area>.<what>`, e.g. 'crm.scheduled-message'. */
  name: string;
  run(data: T, job: JobRun): Promise<void>;
  /** Runs after a failure (default 5), spaced by retryDelaySeconds doubling each time (default 2). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run taking longer counts as failed and is retried (default 60). */
  expireInSeconds?: number;
  /** Jobs of this kind run at once in one process (default 2). */
  concurrency?: number;
}

/** What sending needs of a job: its name (a module may send a job another file defines). */
export interface JobRef<T extends object> {
  name: string;
  /** Carries the data type only. */
  readonly data?: T;
}

export const jobRef = <T extends object>(name: string): JobRef<T> => ({ name });

export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

export interface SendJobOptions {
  /** Not before this instant. */
  at?: Date;
  /** Idempotency key: one job per (job name, key), however often it is sent. */
  key?: string;
}

export interface JobQueueOptions {
  database: Database;
  /**
   * How often an idle worker looks for jobs nobody woke it for (default 2 s): retries, jobs sent by another
   * replica, a scheduled job's time when it was sent by an earlier run. A job sent here wakes its workers.
   */
  pollSeconds?: number;
  onError?: (error: unknown) => void;
}

/** A deterministic job id (pg-boss ids are uuids): the same name and key always give the same one. */
export function jobIdFor(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

const bossOptions = { schema: JOB_SCHEMA, schedule: false, reindex: false, monitorVacuum: false, registerInstance: false } as const;

export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition<object>>();
  /** Builds the job SQL for sends inside a caller's transaction; works only while started. */
  private boss: PgBoss | null = null;
  private starting: Promise<void> | null = null;
  /** Each job kind's workers, to wake when a job of that kind is sent. */
  private readonly workerIds = new Map<string, string[]>();
  /** Wake-ups at scheduled jobs' times, cleared on stop. */
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: JobQueueOptions) {}

  /** Adds job kinds; all of them before start(). */
  define(...definitions: ReadonlyArray<JobDefinition<never>>): this {
    for (const definition of definitions) {
      if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} is defined twice`);
      this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    }
    return this;
  }

  get started(): boolean {
    return this.boss !== null;
  }

  /** Installs or upgrades pg-boss and the queues (as the table owner), then works as the app role. */
  start(): Promise<void> {
    this.starting ??= this.startOnce();
    return this.starting;
  }

  private async startOnce(): Promise<void> {
    const { database } = this.options;
    await this.install();
    // The embedded engine has one process: a job still active from a previous run lost its worker.
    if (database.kind === 'pglite') {
      await database.asOwner((db) => sql`update pgboss.job set state = 'retry', start_after = now() where state = 'active'`.execute(db));
    }
    // On PostgreSQL, pg-boss fails a job whose lease expired (its process was killed mid-job) only in its monitor
    // pass, 60 s apart by default: a campaign killed mid-send stood still for over a minute before another took it.
    const boss = new PgBoss({
      ...bossOptions,
      ...(database.kind === 'pglite'
        ? { db: embeddedAppBossDb(database), backend: 'pglite' as const, supervise: true }
        : { connectionString: database.url, options: `-c role=${APP_ROLE}`, max: 4, useListenNotify: true, monitorIntervalSeconds: 10 }),
      migrate: false,
      superviseIntervalSeconds: 5,
    });
    boss.on('error', (error) => this.options.onError?.(error));
    await boss.start();
    for (const definition of this.definitions.values()) await this.work(boss, definition);
    this.boss = boss;
  }

  private async install(): Promise<void> {
    const { database } = this.options;
    const owner = new PgBoss({
      ...bossOptions,
      ...(database.kind === 'pglite' ? { db: embeddedOwnerBossDb(database), backend: 'pglite' as const } : { connectionString: database.url, max: 1 }),
      supervise: false,
      migrate: true,
    });
    owner.on('error', (error) => this.options.onError?.(error));
    await owner.start();
    try {
      for (const definition of this.definitions.values()) {
        const options = {
          retryLimit: definition.retryLimit ?? 5,
          retryDelay: definition.retryDelaySeconds ?? 2,
          retryBackoff: true,
          expireInSeconds: definition.expireInSeconds ?? 60,
          notify: database.kind === 'postgres',
        };
        if (await owner.getQueue(definition.name)) await owner.updateQueue(definition.name, options);
        else await owner.createQueue(definition.name, options);
      }
    } finally {
      await owner.stop({ graceful: false });
    }
  }

  private async work(boss: PgBoss, definition: JobDefinition<object>): Promise<void> {
    const pollSeconds = this.options.pollSeconds ?? 2;
    // One worker per concurrent run, each with its id: pg-boss wakes workers one id at a time.
    const ids: string[] = [];
    for (let i = 0; i < (definition.concurrency ?? 2); i++) {
      let id = '';
      id = await boss.work<object>(
        definition.name,
        { batchSize: 1, pollingIntervalSeconds: pollSeconds, notifyPollingIntervalSeconds: pollSeconds },
        async ([job]) => {
          if (!job) return;
          try {
            await definition.run(job.data, { id: job.id, retryCount: job.retryCount });
          } finally {
            // A worker that found a job looks for the next one at once: a burst (a campaign's sends, every
            // customer of a flow answering together) drains at the workers' pace, not one job per poll.
            boss.notifyWorker(id);
          }
        },
      );
      ids.push(id);
    }
    this.workerIds.set(definition.name, ids);
  }

  /**
   * Creates a job inside `tx`; null when its key was sent before. Once `tx` commits, this process's workers of
   * that kind look for it at once (or at its time), instead of at their next poll: on the embedded database
   * polling is statements on its only session, so it is kept slow.
   */
  async send<T extends object>(tx: Tx, job: JobRef<T>, data: T, options: SendJobOptions = {}): Promise<string | null> {
    const id = await this.requireBoss().send(job.name, data, {
      db: transactionBossDb(tx),
      ...(options.at ? { startAfter: options.at } : {}),
      ...(options.key ? { id: jobIdFor(job.name, options.key) } : {}),
    });
    if (id !== null) afterCommit(tx, () => this.wakeAt(job.name, options.at));
    return id;
  }

  private wakeAt(name: string, at: Date | undefined): void {
    const wake = () => {
      for (const id of this.workerIds.get(name) ?? []) this.boss?.notifyWorker(id);
    };
    // A few milliseconds late, so that the database's clock has passed the job's time too.
    const delay = at ? at.getTime() - Date.now() + 20 : 0;
    if (delay <= 20) return wake();
    // Past setTimeout's range (about 24 days) the poll finds the job on its own.
    if (delay > MAX_TIMER_MS) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      wake();
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  /** Cancels a job not yet run (inside `tx`); a job already running finishes. */
  async cancel(tx: Tx, job: { name: string }, id: string): Promise<void> {
    await this.requireBoss().cancel(job.name, id, { db: transactionBossDb(tx) as BossDb });
  }

  /** Stops taking jobs, waits for the running ones (up to `timeoutMs`), and closes. */
  async stop(timeoutMs = 10_000): Promise<void> {
    await this.starting?.catch(() => undefined);
    const boss = this.boss;
    this.boss = null;
    this.starting = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.workerIds.clear();
    await boss?.stop({ graceful: true, timeout: timeoutMs });
  }

  private requireBoss(): PgBoss {
    if (!this.boss) throw new Error('the job queue is not started');
    return this.boss;
  }
}
