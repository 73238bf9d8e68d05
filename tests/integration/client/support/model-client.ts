import { BehaviorSubject, Subject } from 'rxjs';
import type { SubscriptionSink, SyncSocket, SocketStatus } from '../../../../src/app/data/replication/sync-socket';
import { SyncRequestError, type SyncTransport } from '../../../../src/app/data/replication/transport';
import type { ModelServer, ModelViewer } from './model-server';

/** The client's graphql-ws socket in the model: connected while its client is online and the server up. */
export class ModelSocket implements SyncSocket {
  private readonly status = new BehaviorSubject<SocketStatus>('connecting');
  private readonly reconnects = new Subject<void>();
  private readonly opened = new Map<unknown, () => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private everConnected = false;
  private disposed = false;
  readonly status$ = this.status.asObservable();
  readonly reconnected$ = this.reconnects.asObservable();

  constructor(
    private readonly server: ModelServer,
    private readonly viewer: ModelViewer,
    private readonly online: () => boolean,
    private readonly reconnectMs: number,
  ) {
    server.sockets.add(this);
    this.schedule(0);
  }

  get connected(): boolean {
    return this.status.getValue() === 'connected';
  }

  private schedule(ms: number): void {
    if (this.disposed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.disposed) return;
      if (!this.online() || !this.server.up) return this.schedule(this.reconnectMs);
      this.status.next('connected');
      if (this.everConnected) this.reconnects.next();
      this.everConnected = true;
      for (const open of this.opened.values()) open();
    }, ms);
  }

  onOpen(key: unknown, open: () => void): void {
    this.opened.set(key, open);
    if (this.connected) queueMicrotask(open);
  }

  forget(key: unknown): void {
    this.opened.delete(key);
  }

  drop(): void {
    if (this.disposed) return;
    this.status.next('closed');
    this.schedule(this.reconnectMs);
  }

  subscribe<T>(query: string, _variables: Record<string, unknown>, sink: SubscriptionSink<T>): () => void {
    return this.server.subscribe(this, this.viewer, query, sink as SubscriptionSink<Record<string, unknown>>);
  }

  terminate(): void {
    this.drop();
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.timer);
    this.server.sockets.delete(this);
    this.status.next('closed');
    this.status.complete();
    this.reconnects.complete();
  }
}

/** The client's HTTP side in the model: async like a network, failing while offline or the server is down. */
export function modelTransport(server: ModelServer, viewer: ModelViewer, online: () => boolean): SyncTransport {
  return {
    wsUrl: () => 'ws://model',
    getToken: async () => 'model',
    request: async <T>(query: string, variables: Record<string, unknown>) => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!online() || !server.up) throw new SyncRequestError('network', 'offline');
      const data = structuredClone(server.answer(viewer, query, structuredClone(variables))) as T;
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!online()) throw new SyncRequestError('network', 'answer lost');
      return data;
    },
  };
}
