import type { Database } from '../../db/database';
import type { PubSub } from '../../pubsub';
import { AsyncQueue } from '../../sync/async-queue';
import { changeChannel, type ChangeEvent } from '../../sync/changes';

/** A ticket event as the `ticketEvents` subscription delivers it (attendance.graphql TicketEvent). */
export interface TicketEvent {
  kind: 'transferred' | 'research_canceled';
  ticket_id: string;
  instance_id: string;
  instance_name: string | null;
  customer_name: string | null;
  previous_user_id: string | null;
  previous_user_name: string | null;
  next_user_id: string | null;
  next_user_name: string | null;
  trigger_user_id: string | null;
  trigger_user_name: string | null;
  attendant_removed: boolean;
}

export const ticketEventChannel = (tenantId: number): string => `ticket-events:${tenantId}`;

/** Announces a ticket event to every console of the tenant (any server process). */
export function publishTicketEvent(pubsub: PubSub, tenantId: number, event: TicketEvent): Promise<void> {
  return pubsub.publish(ticketEventChannel(tenantId), event);
}

const isTicketEvent = (value: unknown): value is TicketEvent =>
  typeof value === 'object' && value !== null && typeof (value as TicketEvent).ticket_id === 'string';

const isTicketChange = (value: unknown, instanceId: number): boolean => {
  const event = value as Partial<ChangeEvent> | null;
  return event?.collection === 'chattickets' && (event.instanceId === instanceId || event.instanceId === null);
};

/** How far back each look for confirmed transfers reaches; commits later than this are not announced. */
const LOOKBACK_MS = 5 * 60_000;

/**
 * Confirmed transfers of the connection since `since`, as events. Transfers live in
 * ticket_transfers (transfers module); a transfer with no creating user was made by the system,
 * whose `cause` tells an attendant removed (deleted, or out of the department or connection) from
 * a lack of response.
 */
async function confirmedTransfers(database: Database, tenantId: number, instanceId: number, since: Date): Promise<Array<TicketEvent & { transferId: number }>> {
  const from = new Date(Math.max(since.getTime(), Date.now() - LOOKBACK_MS));
  return database.withTenant(tenantId, async (tx) => {
    const rows = await tx
      .selectFrom('ticket_transfers as tt')
      .innerJoin('chat_tickets as t', (join) => join.onRef('t.tenant_id', '=', 'tt.tenant_id').onRef('t.id', '=', 'tt.chat_ticket_id'))
      .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 't.tenant_id').onRef('c.id', '=', 't.customer_id'))
      .innerJoin('instances as i', (join) => join.onRef('i.tenant_id', '=', 't.tenant_id').onRef('i.id', '=', 't.instance_id'))
      .leftJoin('users as prev', (join) => join.onRef('prev.tenant_id', '=', 'tt.tenant_id').onRef('prev.id', '=', 'tt.previous_user_id'))
      .leftJoin('users as next', (join) => join.onRef('next.tenant_id', '=', 'tt.tenant_id').onRef('next.id', '=', 'tt.next_user_id'))
      .leftJoin('users as trigger', (join) => join.onRef('trigger.tenant_id', '=', 'tt.tenant_id').onRef('trigger.id', '=', 'tt.created_by'))
      .select([
        'tt.id as transfer_id',
        't.id as ticket_id',
        't.instance_id',
        'i.name as instance_name',
        'c.name as customer_name',
        'c.phone_number',
        'tt.previous_user_id',
        'prev.name as previous_user_name',
        'tt.next_user_id',
        'next.name as next_user_name',
        'tt.created_by',
        'tt.cause',
        'trigger.name as trigger_user_name',
      ])
      .where('tt.tenant_id', '=', tenantId)
      .where('t.instance_id', '=', instanceId)
      .where('tt.transfer_at', '>=', from)
      .orderBy('tt.transfer_at')
      .execute();
    return rows.map((r) => ({
      transferId: r.transfer_id,
      kind: 'transferred' as const,
      ticket_id: String(r.ticket_id),
      instance_id: String(r.instance_id),
      instance_name: r.instance_name,
      customer_name: r.customer_name ?? r.phone_number,
      previous_user_id: r.previous_user_id === null ? null : String(r.previous_user_id),
      previous_user_name: r.previous_user_name,
      next_user_id: String(r.next_user_id),
      next_user_name: r.next_user_name,
      trigger_user_id: r.created_by === null ? null : String(r.created_by),
      trigger_user_name: r.trigger_user_name,
      attendant_removed: r.created_by === null && r.cause === 'attendant_removed',
    }));
  });
}

/**
 * The ticket events of one connection from now on: confirmed transfers (looked up whenever the
 * connection's tickets change, each announced once) and the events published on the tenant's
 * channel (research cancellations). Ends when the client unsubscribes.
 */
export async function subscribeTicketEvents(
  deps: { database: Database; pubsub: PubSub },
  tenantId: number,
  instanceId: number,
): Promise<AsyncIterableIterator<TicketEvent>> {
  const since = new Date();
  const announced = new Set<number>();
  const stops: Array<() => Promise<void>> = [];
  const queue = new AsyncQueue<TicketEvent>(() => void Promise.all(stops.map((stop) => stop())));
  let looking: Promise<void> = Promise.resolve();
  const lookForTransfers = () => {
    looking = looking
      .then(async () => {
        for (const { transferId, ...event } of await confirmedTransfers(deps.database, tenantId, instanceId, since)) {
          if (announced.has(transferId)) continue;
          announced.add(transferId);
          queue.push(event);
        }
      })
      .catch(() => undefined);
  };
  stops.push(
    await deps.pubsub.subscribe(ticketEventChannel(tenantId), (event) => {
      if (isTicketEvent(event) && event.instance_id === String(instanceId)) queue.push(event);
    }),
    await deps.pubsub.subscribe(changeChannel(tenantId), (event) => {
      if (isTicketChange(event, instanceId)) lookForTransfers();
    }),
  );
  if (queue.isClosed) await Promise.all(stops.map((stop) => stop()));
  return queue;
}
