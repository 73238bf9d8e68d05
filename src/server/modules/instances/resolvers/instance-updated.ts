import type { RequestContext } from '../../../graphql/context';
import { requireViewer } from '../../../graphql/guards';
import type { SubscriptionFieldResolver } from '../../../graphql/resolver-types';
import { canUseInstance } from '../instance-access';
import { instancesChannel, isInstanceChangedEvent } from '../instance-events';
import { instancePayload } from '../instance-payload';
import { channelsOf } from '../instance-service';

interface BusQueue {
  events(): AsyncGenerator<unknown>;
  close(): Promise<void>;
}

/** Subscribes to the bus now; `events` yields what arrived since, until the client stops listening. */
async function listenToBus(context: RequestContext, channel: string): Promise<BusQueue> {
  const queue: unknown[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = await channelsOf(context).pubsub.subscribe(channel, (event) => {
    queue.push(event);
    wake?.();
  });
  return {
    async *events() {
      for (;;) {
        while (queue.length > 0) yield queue.shift();
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    },
    close: unsubscribe,
  };
}

/**
 * SPEC §7 "instance updated": the changed connection, for the viewers who may use it. It opens
 * with the current state of each of them, read after the bus subscription is in place, so a
 * drop between the client's last read and this subscription still reaches the client.
 */
export const instanceUpdated: SubscriptionFieldResolver<'instanceUpdated'> = {
  subscribe: async function* (_parent, _args, context) {
    const viewer = requireViewer(context);
    const bus = await listenToBus(context, instancesChannel(context.tenant.id));
    try {
      const current = await context.database.withTenant(context.tenant.id, (tx) =>
        tx.selectFrom('instances').selectAll().where('tenant_id', '=', context.tenant.id).orderBy('id').execute(),
      );
      for (const row of current) if (canUseInstance(viewer, row.id)) yield { instanceUpdated: instancePayload(row, context) };
      for await (const event of bus.events()) {
        if (!isInstanceChangedEvent(event) || !canUseInstance(viewer, event.instance_id)) continue;
        const row = await context.database.withTenant(context.tenant.id, (tx) =>
          tx.selectFrom('instances').selectAll().where('tenant_id', '=', context.tenant.id).where('id', '=', event.instance_id).executeTakeFirst(),
        );
        if (row) yield { instanceUpdated: instancePayload(row, context) };
      }
    } finally {
      await bus.close();
    }
  },
};
