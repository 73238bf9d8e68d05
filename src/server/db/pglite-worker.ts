/**
 * The embedded database's own thread (pglite-engine.ts starts it). PGlite runs PostgreSQL compiled
 * to WebAssembly synchronously: on the server's main thread every statement blocked every HTTP
 * answer and every subscription for as long as it ran (event-loop p99 delay 25–75 ms under inbound
 * load, issue 18). Here it blocks nothing but this thread; the main thread sends statements and
 * gets rows back as structured clones.
 *
 * Node runs this file itself, its type annotations stripped (through tsx's loader only on a Node
 * that cannot strip them): it imports no module of ours at run time, only types, and uses only
 * erasable TypeScript (no enums, no parameter properties).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import type { EngineFailure, EngineOpen, EngineReply, EngineRequest, EngineValue, QueryResult } from './pglite-engine';

/** Ids are bigint in SQL but always below 2^53, so both drivers hand them to JS as numbers (database.ts does the same for pg). */
const INT8_OID = 20;

/** Distinct statement texts remembered; a lookup with a list of N ids is one per N. */
const MAX_REMEMBERED = 1000;
/** Statements kept prepared at once (marked ones and parameterless ones). */
const MAX_PREPARED = 200;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

interface Statement {
  /** Parameter type oids as the server inferred them: each value is serialized for its type. */
  types: number[];
  /** Set when the session keeps the statement prepared under this name. */
  name: string | null;
}

/**
 * Runs a statement as one protocol message (bind, describe, execute, sync, after a parse when it
 * is not kept prepared) handed to the engine at once. PGlite's own query() enters the engine six
 * times per statement, asking each time for the parameter types it needs to serialize the values;
 * in WebAssembly that was a good part of an inbound batch's cost (issue 4 benchmark). The types
 * are asked once per statement text and remembered.
 *
 * Statements marked PREPARED (prepared.ts), and those without parameters (their plan never
 * depends on a value), are kept prepared under a name, so they are parsed and analyzed once and
 * planned as PostgreSQL's plan cache decides. Every other statement stays unnamed and is planned
 * with its values as constants, as before. Plans follow schema and role changes by themselves;
 * the remembered types do not, so a schema change through this session forgets everything.
 */
class ExtendedQueries {
  private readonly pg: PGlite;
  private readonly statements = new Map<string, Statement>();
  private readonly prepared = new Set<string>();
  private counter = 0;
  /** Names of statements no longer kept, closed with the next message. */
  private closing: string[] = [];

  constructor(pg: PGlite) {
    this.pg = pg;
  }

  async query(sql: string, parameters: readonly unknown[], keepPrepared: boolean): Promise<QueryResult> {
    const known = this.statements.get(sql);
    if (known?.name) {
      // Least recently used first in line to be closed.
      this.prepared.delete(sql);
      this.prepared.add(sql);
    }
    const statement = known ?? (await this.describe(sql, keepPrepared));
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = this.pg.serializers[statement.types[i] ?? 0];
      return serialize ? serialize(value) : (value as { toString(): string }).toString();
    });
    const { messages } = await this.pg.execProtocol(
      concat([
        ...(statement.name ? [] : [protocol.serialize.parse({ text: sql, types: [] })]),
        protocol.serialize.bind({ statement: statement.name ?? '', values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    const [result] = parse.parseResults(messages, this.pg.parsers);
    return { rows: result?.rows ?? [], affectedRows: result?.affectedRows ?? 0 };
  }

  forgetAll(): void {
    for (const statement of this.statements.values()) if (statement.name) this.closing.push(statement.name);
    this.statements.clear();
    this.prepared.clear();
  }

  private async describe(sql: string, keepPrepared: boolean): Promise<Statement> {
    const name = keepPrepared ? `pedbot_${++this.counter}` : null;
    if (name && this.prepared.size >= MAX_PREPARED) this.forget(this.prepared.values().next().value!);
    if (this.statements.size >= MAX_REMEMBERED) this.forget(this.statements.keys().next().value!);
    const closing = this.closing.map((old) => protocol.serialize.close({ type: 'S', name: old }));
    this.closing = [];
    const { messages } = await this.pg.execProtocol(
      concat([...closing, protocol.serialize.parse({ name: name ?? '', text: sql, types: [] }), protocol.serialize.describe({ type: 'S', name: name ?? '' }), protocol.serialize.sync()]),
    );
    const statement = { types: parse.parseDescribeStatementResults(messages), name };
    this.statements.set(sql, statement);
    if (name) this.prepared.add(sql);
    return statement;
  }

  private forget(sql: string): void {
    const name = this.statements.get(sql)?.name;
    if (name) this.closing.push(name);
    this.statements.delete(sql);
    this.prepared.delete(sql);
  }
}

/** A database error's fields (code, constraint, detail…) survive the trip; structured clone would keep only the message. */
function failure(error: unknown): EngineFailure {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { message: error.message, fields };
}

async function handle(pg: PGlite, queries: ExtendedQueries, request: EngineRequest): Promise<{ value: EngineValue; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'query':
      if (request.forget) queries.forgetAll();
      return { value: await queries.query(request.sql, request.parameters, request.keepPrepared) };
    case 'exec': {
      if (request.forget) queries.forgetAll();
      const results = await pg.exec(request.sql);
      return { value: results.map((result) => ({ rows: result.rows, affectedRows: result.affectedRows ?? 0 })) };
    }
    case 'dump': {
      // Uncompressed: test files load the template once each, and a 44 MB tar loads faster than its 5 MB gzip
      // (about 1.4 s against 1.6 s to a ready database thread).
      const dump = await (await pg.dumpDataDir('none')).arrayBuffer();
      return { value: dump, transfer: [dump] };
    }
    case 'close':
      await pg.close();
      return { value: null };
  }
}

interface NodeFsStream {
  node: object;
}
interface NodeFsOps {
  llseek(stream: NodeFsStream, offset: number, whence: number): number;
  write(stream: NodeFsStream, buffer: Uint8Array, offset: number, length: number, position: number, canOwn?: boolean): number;
  setattr?(target: unknown, attr: { size?: number }): void;
  allocate?(stream: NodeFsStream, offset: number, length: number): void;
}
const SEEK_END = 2;

/**
 * PostgreSQL asks a relation file's size by seeking to its end (every plan, every extension), and
 * Emscripten's NODEFS answers each such seek with an fstat system call, about 14 per inbound
 * message (issue 18; tests/bench/pglite-file-sizes.ts). This process is the data directory's only writer
 * (PGlite holds it exclusively), so a size read once stays right as long as every write, truncation
 * and allocation through NODEFS updates or forgets it, which the wrappers below do.
 */
function cacheFileSizes(nodefs: { stream_ops: NodeFsOps; node_ops: Pick<NodeFsOps, 'setattr'> }): void {
  const sizes = new WeakMap<object, number>();
  const ops = nodefs.stream_ops;
  const { llseek, write, setattr, allocate } = ops;
  ops.llseek = function (stream, offset, whence) {
    if (whence !== SEEK_END) return llseek.call(this, stream, offset, whence);
    const known = sizes.get(stream.node);
    if (known !== undefined) return known + offset;
    const position = llseek.call(this, stream, 0, SEEK_END);
    sizes.set(stream.node, position);
    return position + offset;
  };
  ops.write = function (stream, buffer, offset, length, position, canOwn) {
    const written = write.call(this, stream, buffer, offset, length, position, canOwn);
    const known = sizes.get(stream.node);
    if (known !== undefined && position + written > known) sizes.set(stream.node, position + written);
    return written;
  };
  if (setattr) {
    ops.setattr = function (stream, attr) {
      sizes.delete((stream as NodeFsStream).node);
      setattr.call(this, stream, attr);
    };
  }
  if (allocate) {
    ops.allocate = function (stream, offset, length) {
      sizes.delete(stream.node);
      allocate.call(this, stream, offset, length);
    };
  }
  const nodeSetattr = nodefs.node_ops.setattr;
  if (nodeSetattr) {
    nodefs.node_ops.setattr = function (node, attr) {
      sizes.delete(node as object);
      nodeSetattr.call(this, node, attr);
    };
  }
}

const port = parentPort!;
const { dataDir, snapshot, rememberFileSizes } = workerData as EngineOpen;
try {
  const pg = await PGlite.create({ dataDir, loadDataDir: snapshot ? new Blob([snapshot]) : undefined, parsers: { [INT8_OID]: (value: string) => Number(value) } });
  const nodefs = (pg.Module as { NODEFS?: Parameters<typeof cacheFileSizes>[0] }).NODEFS;
  if (dataDir && nodefs && rememberFileSizes) cacheFileSizes(nodefs);
  const queries = new ExtendedQueries(pg);
  // One session: requests run one after the other, in the order the main thread sent them.
  let last: Promise<void> = Promise.resolve();
  port.on('message', (request: EngineRequest) => {
    last = last.then(async () => {
      try {
        const { value, transfer } = await handle(pg, queries, request);
        port.postMessage({ id: request.id, value } satisfies EngineReply, transfer ?? []);
        if (request.op === 'close') port.close();
      } catch (error) {
        port.postMessage({ id: request.id, error: failure(error) } satisfies EngineReply);
      }
    });
  });
  port.postMessage({ id: 0, value: null } satisfies EngineReply);
} catch (error) {
  port.postMessage({ id: 0, error: failure(error) } satisfies EngineReply);
}
