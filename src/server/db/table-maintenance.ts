/**
 * What PostgreSQL's autovacuum does, kept by the server itself where autovacuum does not reach.
 *
 * PGlite runs PostgreSQL in single user mode, with no autovacuum worker, so without this no table
 * is ever analyzed or vacuumed. With no statistics the planner takes every column for highly
 * selective; it then chose the change-feed index over the provider-id one to deduplicate inbound
 * messages, scanning all of a connection's messages for every batch (issue 4 benchmark). Updated
 * rows (a ticket per inbound batch) would pile up as dead versions in every index too.
 *
 * On a PostgreSQL server autovacuum runs, but it looks at a table at most once a minute
 * (autovacuum_naptime): a fresh database's plans were made from its first rows, and a connection
 * kept them while its tables grew. The same provider-id lookup scanned a connection's 20,000
 * messages through the feed index, 24 ms a batch and half of PostgreSQL's time in the inbound
 * bench, and the answer p99 at 1,000 msg/s was 250-340 ms instead of 60-85. There (`autovacuum`)
 * only young tables are analyzed, as they double; an analyze invalidates the plans made before it.
 *
 * Rows written through the session are counted per table, as autovacuum counts them, and a table
 * is analyzed once its changes reach about its size (so a growing table is analyzed a logarithmic
 * number of times) and vacuumed once its updated or deleted rows reach a fifth of it, at most once
 * per table per `minIntervalMs`. The single session waits while maintenance runs: analyzing reads
 * a small sample, and a table is analyzed before it is ever vacuumed, so that the size deciding
 * when to vacuum is known rather than guessed from what this session wrote.
 */

/** autovacuum_analyze_threshold and autovacuum_vacuum_threshold. */
const BASE_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
/**
 * A table below this size that doubled since its last analyze is analyzed again without waiting
 * for the interval: reading it takes a few ms, while a planner still sizing a fresh server's tables
 * from their first rows scanned a connection's messages for every inbound batch for 10 s.
 */
const SMALL_TABLE_ROWS = 20_000;
/** Rows sampled per column is 300 × this; 10 keeps an analyze of a big table to a few tens of ms. */
export const MAINTENANCE_STATISTICS_TARGET = 10;

export type WriteKind = 'INSERT' | 'UPDATE' | 'DELETE';

const WRITES: ReadonlySet<string> = new Set<WriteKind>(['INSERT', 'UPDATE', 'DELETE']);

/** Whether a statement's command tag is a write the maintenance counts. */
export const isWrite = (command: string): command is WriteKind => WRITES.has(command);

interface TableState {
  changed: number;
  dead: number;
  /** Rows at the last maintenance (pg_class.reltuples), 0 before the first. */
  rows: number;
  /** The table's size is known: its first maintenance is an analyze, so a big table never vacuumed is not vacuumed on a guess. */
  sized: boolean;
  lastRun: number;
}

export interface TableMaintenanceOptions {
  /** Runs `vacuum (analyze)` or `analyze` on the table as its owner; resolves to the table's row estimate after. */
  maintain(table: string, vacuum: boolean): Promise<number>;
  /** The database's autovacuum vacuums and analyzes grown tables: only tables below SMALL_TABLE_ROWS are analyzed here, as rows are inserted, never vacuumed. */
  autovacuum?: boolean;
  minIntervalMs?: number;
  now?: () => number;
}

const TABLE_OF = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/i;

export class TableMaintenance {
  private readonly tables = new Map<string, TableState>();
  private readonly due = new Set<string>();
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly minIntervalMs: number;
  private readonly now: () => number;

  constructor(private readonly options: TableMaintenanceOptions) {
    this.minIntervalMs = options.minIntervalMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Counts what a statement wrote; `sql` names the table. */
  noteWrite(kind: WriteKind, sql: string, rows: number): void {
    // Beside autovacuum only growth is counted: a small table updated by every inbound batch (a
    // connection's tickets) was analyzed three times a second, each time making every connection
    // plan its statements on it again, and a batch that met one waited up to 100 ms.
    if (rows <= 0 || this.stopped || (this.options.autovacuum && kind !== 'INSERT')) return;
    const table = TABLE_OF.exec(sql)?.[1]?.toLowerCase();
    if (!table) return;
    const state = this.tables.get(table) ?? { changed: 0, dead: 0, rows: 0, sized: false, lastRun: -Infinity };
    this.tables.set(table, state);
    state.changed += rows;
    if (kind !== 'INSERT') state.dead += rows;
    if (this.isDue(state)) {
      this.due.add(table);
      this.running ??= this.drain();
    }
  }

  /** Stops scheduling and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.due.clear();
    await this.running;
  }

  private isDue(state: TableState): boolean {
    const analyze = state.changed >= BASE_THRESHOLD + state.rows;
    if (this.options.autovacuum) return analyze && state.rows < SMALL_TABLE_ROWS;
    if (!this.intervalElapsed(state)) return analyze && state.rows < SMALL_TABLE_ROWS;
    return analyze || this.needsVacuum(state);
  }

  private intervalElapsed(state: TableState): boolean {
    return this.now() - state.lastRun >= this.minIntervalMs;
  }

  private needsVacuum(state: TableState): boolean {
    return !this.options.autovacuum && state.sized && this.intervalElapsed(state) && state.dead >= BASE_THRESHOLD + VACUUM_SCALE * state.rows;
  }

  private async drain(): Promise<void> {
    // After the writing transaction and whatever is queued behind it: maintenance waits its turn.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      for (const table of this.due) {
        this.due.delete(table);
        const state = this.tables.get(table)!;
        if (this.stopped || !this.isDue(state)) continue;
        const vacuum = this.needsVacuum(state);
        state.lastRun = this.now();
        const changed = state.changed;
        const dead = state.dead;
        try {
          state.rows = Math.max(0, await this.options.maintain(table, vacuum));
          state.sized = true;
          state.changed -= changed;
          if (vacuum) state.dead -= dead;
        } catch {
          // A table dropped meanwhile, or the database closing: the next writes count again.
        }
      }
    } finally {
      this.running = null;
    }
  }
}
