import { canSeeTicket } from '../../../../src/shared/domain/tickets';
import type { SubscriptionSink } from '../../../../src/app/data/replication/sync-socket';
import { SyncRequestError } from '../../../../src/app/data/replication/transport';
import type { ModelSocket } from './model-client';

/**
 * An in-memory model of the sync protocol's server side (sync.graphql), small enough to run a
 * schedule in milliseconds: a change feed ordered by position, visibility as a transform (a
 * ticket that left a viewer goes out as a tombstone), sends idempotent on their hash and handed
 * to a channel once, refused sends as failed temporaries, and streams that open with RESYNC.
 * The real server is held to the same properties by convergence.test.ts on fewer seeds.
 */
type Collection = 'customerchats' | 'chattickets' | 'customers';
type Doc = Record<string, unknown> & { id: string };

interface Row {
  doc: Doc;
  position: number;
  /** When who-may-see-it last changed. */
  visPosition: number;
}

export interface ModelViewer {
  userId: string;
  roleName: string;
  departmentId: string | null;
}

interface Subscriber {
  viewer: ModelViewer;
  collection: Collection;
  sink: SubscriptionSink<Record<string, unknown>>;
  socket: ModelSocket;
}

const TYPE: Record<string, Collection> = { CustomerChat: 'customerchats', ChatTicket: 'chattickets', Customer: 'customers' };

export class ModelServer {
  private position = 0;
  private nextId = 1;
  private clock = Date.UTC(2025, 0, 1);
  readonly rows: Record<Collection, Map<string, Row>> = { customerchats: new Map(), chattickets: new Map(), customers: new Map() };
  /** How many times the channel was handed each message (by hash). */
  readonly channel = new Map<string, number>();
  private readonly subscribers = new Set<Subscriber>();
  readonly sockets = new Set<ModelSocket>();
  up = true;

  private now(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  private write(collection: Collection, doc: Doc, visibilityChanged = false): void {
    this.position += 1;
    const previous = this.rows[collection].get(doc.id);
    const row: Row = {
      doc: { ...doc, updatedAt: this.clock + this.position },
      position: this.position,
      visPosition: visibilityChanged || !previous ? this.position : previous.visPosition,
    };
    this.rows[collection].set(doc.id, row);
    for (const sub of this.subscribers) {
      if (sub.collection !== collection || !sub.socket.connected) continue;
      const visible = this.visible(collection, row.doc, sub.viewer);
      if (!visible && !visibilityChanged) continue;
      const out = visible ? row.doc : { id: doc.id, updatedAt: row.doc.updatedAt, _deleted: true };
      const checkpoint = { id: doc.id, position: row.position };
      const field = `stream${Object.keys(TYPE).find((t) => TYPE[t] === collection)}`;
      queueMicrotask(() => sub.socket.connected && sub.sink.next({ [field]: { documents: [out], checkpoint, resync: false } }));
    }
  }

  private ticketVisible(ticketId: unknown, viewer: ModelViewer): boolean {
    const ticket = this.rows.chattickets.get(String(ticketId))?.doc;
    return !!ticket && canSeeTicket(ticket as never, { roleName: viewer.roleName, departmentId: viewer.departmentId, userId: viewer.userId });
  }

  private visible(collection: Collection, doc: Doc, viewer: ModelViewer): boolean {
    if (collection === 'chattickets') return this.ticketVisible(doc.id, viewer);
    if (collection === 'customerchats') return this.ticketVisible(doc.chat_ticket_id, viewer);
    return [...this.rows.chattickets.values()].some((t) => t.doc.customer_id === doc.id && this.ticketVisible(t.doc.id, viewer));
  }

  private transform(collection: Collection, row: Row, viewer: ModelViewer, from: number): Doc | null {
    if (this.visible(collection, row.doc, viewer)) return row.doc;
    if (from > 0 && row.visPosition > from) return { id: row.doc.id, updatedAt: row.doc.updatedAt, _deleted: true };
    return null;
  }

  pull(collection: Collection, viewer: ModelViewer, checkpoint: { id: string; position: number } | null, limit: number) {
    const from = checkpoint?.position ?? 0;
    const after = [...this.rows[collection].values()]
      .filter((r) => r.position > from || (r.position === from && r.doc.id > (checkpoint?.id ?? '')))
      .sort((a, b) => a.position - b.position);
    const documents: Doc[] = [];
    let last = checkpoint;
    for (const row of after) {
      last = { id: row.doc.id, position: row.position };
      const out = this.transform(collection, row, viewer, from);
      if (out) documents.push(out);
      if (documents.length === limit) break;
    }
    return { documents, checkpoint: documents.length ? last : checkpoint, resync: false };
  }

  /** A customer writes: customer and open ticket made on first contact; unseen counter +1. */
  inbound(phone: string, text: string): void {
    let customer = [...this.rows.customers.values()].find((r) => r.doc.phone_number === phone)?.doc;
    if (!customer) {
      customer = { id: String(this.nextId++), name: `Cliente ${phone.slice(-4)}`, phone_number: phone, is_favorite: false, is_blacklisted: false, is_blacklisted_campaign: false, _deleted: false };
      this.write('customers', customer);
    }
    let ticket = [...this.rows.chattickets.values()].find((r) => r.doc.customer_id === customer.id && !r.doc.finished_ticket)?.doc;
    const at = this.now();
    if (!ticket) {
      ticket = { id: String(this.nextId++), customer_id: customer.id, instance_id: '1', is_campaign: false, finished_ticket: false, open_by_template: false, inbox: true, inbox_department_id: null, user_id: null, is_finishing: false, unseenMsg: 0, isNotResponded: true, createdAt: at, is_research: false, _deleted: false };
    }
    const message: Doc = { id: String(this.nextId++), ack: 0, customer_id: customer.id, chat_ticket_id: ticket.id, hash: `in-${this.nextId}`, type: 'text', message: text, sent_at: at, is_bot_message: false, is_temp: false, unseen_msg: true, off_customer_chat: false, recovered: false, instance_id: '1', is_research: false, from_me: false, _deleted: false };
    this.write('customerchats', message);
    this.write('chattickets', { ...ticket, unseenMsg: Number(ticket.unseenMsg ?? 0) + 1, last_msg: at, last_msg_preview: text, last_msg_id: message.id });
  }

  /** The ticket goes to another department's inbox: it leaves some lists and enters others. */
  move(ticketId: string, departmentId: string | null): void {
    const row = this.rows.chattickets.get(ticketId);
    if (!row) return;
    this.write('chattickets', { ...row.doc, inbox: true, user_id: null, inbox_department_id: departmentId }, true);
    const customer = this.rows.customers.get(String(row.doc.customer_id));
    if (customer) this.write('customers', customer.doc, true);
  }

  private pushMessages(viewer: ModelViewer, rows: Array<{ newDocumentState: Doc }>): Doc[] {
    const conflicts: Doc[] = [];
    for (const { newDocumentState: doc } of rows) {
      if (!doc.is_temp) {
        const master = this.rows.customerchats.get(doc.id)?.doc;
        if (master && JSON.stringify(master) !== JSON.stringify(doc)) conflicts.push(master);
        continue;
      }
      if (doc._deleted) continue;
      if ([...this.rows.customerchats.values()].some((r) => r.doc.hash === doc.hash)) continue;
      const ticket = this.rows.chattickets.get(String(doc.chat_ticket_id))?.doc;
      if (!ticket || ticket.finished_ticket || !this.ticketVisible(ticket.id, viewer)) {
        conflicts.push({ ...doc, ack: -1, failure_reason: 'Você não tem permissão para esta ação.' });
        continue;
      }
      const at = this.now();
      const message: Doc = { ...doc, id: String(this.nextId++), is_temp: false, ack: 0, sent_at: at, from_me: true, user_sending_id: viewer.userId };
      this.write('customerchats', message);
      this.write('chattickets', { ...ticket, last_msg: at, last_msg_preview: doc.message, last_msg_id: message.id, isNotResponded: false });
      // The outbound queue hands each stored message to the channel once.
      queueMicrotask(() => this.channel.set(String(doc.hash), (this.channel.get(String(doc.hash)) ?? 0) + 1));
    }
    return conflicts;
  }

  private pushTickets(viewer: ModelViewer, rows: Array<{ newDocumentState: Doc }>): Doc[] {
    const conflicts: Doc[] = [];
    for (const { newDocumentState: doc } of rows) {
      const row = this.rows.chattickets.get(doc.id);
      if (!row || !this.ticketVisible(doc.id, viewer)) {
        conflicts.push({ id: doc.id, updatedAt: Date.now(), _deleted: true });
        continue;
      }
      if (doc.unseenMsg === 0 && row.doc.unseenMsg !== 0) this.write('chattickets', { ...row.doc, unseenMsg: 0 });
      const master = this.rows.chattickets.get(doc.id)!.doc;
      const same = Object.entries(master).every(([k, v]) => v === null || v === undefined ? doc[k] == null : doc[k] === v);
      if (!same) conflicts.push(master);
    }
    return conflicts;
  }

  private latest(viewer: ModelViewer, ticketId: string, limit: number): Doc[] {
    if (!this.ticketVisible(ticketId, viewer)) return [];
    return [...this.rows.customerchats.values()]
      .map((r) => r.doc)
      .filter((m) => m.chat_ticket_id === ticketId)
      .sort((a, b) => String(a.sent_at).localeCompare(String(b.sent_at)))
      .slice(-limit);
  }

  /** Answers one GraphQL operation of the client as the viewer (the subset the sync module sends). */
  answer(viewer: ModelViewer, query: string, variables: Record<string, unknown>): unknown {
    const pull = /pull(CustomerChat|ChatTicket|Customer)\(/.exec(query);
    if (pull) {
      const collection = TYPE[pull[1]!]!;
      return { [`pull${pull[1]}`]: this.pull(collection, viewer, variables.checkpoint as never, Number(variables.limit)) };
    }
    const push = /push(CustomerChat|ChatTicket)\(/.exec(query);
    if (push) {
      const rows = variables.rows as Array<{ newDocumentState: Doc }>;
      const conflicts = push[1] === 'CustomerChat' ? this.pushMessages(viewer, rows) : this.pushTickets(viewer, rows);
      return { [`push${push[1]}`]: conflicts };
    }
    if (query.includes('customerChatsPaginated(')) {
      return { customerChatsPaginated: { data: this.latest(viewer, String(variables.id), Number(variables.pagination_limit)) } };
    }
    throw new SyncRequestError('final', `model server: unsupported operation ${query.slice(0, 60)}`);
  }

  subscribe(socket: ModelSocket, viewer: ModelViewer, query: string, sink: SubscriptionSink<Record<string, unknown>>): () => void {
    const stream = /stream(CustomerChat|ChatTicket|Customer|Setting|CustomerChatReaction)\(/.exec(query);
    const collection = stream ? TYPE[stream[1]!] : undefined;
    if (!collection) return () => undefined;
    const subscriber: Subscriber = { viewer, collection, sink, socket };
    this.subscribers.add(subscriber);
    const field = `stream${stream![1]}`;
    socket.onOpen(subscriber, () => sink.next({ [field]: { documents: [], checkpoint: null, resync: true } }));
    return () => {
      this.subscribers.delete(subscriber);
      socket.forget(subscriber);
    };
  }

  /** A restart: every socket drops and requests fail for a moment. */
  async restart(downMs: number): Promise<void> {
    this.up = false;
    for (const socket of this.sockets) socket.drop();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    this.up = true;
  }
}
