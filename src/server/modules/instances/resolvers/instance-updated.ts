import type { RequestContext } from '../../../graphql/context';
import { requireViewer } from '../../../graphql/guards';
import type { SubscriptionFieldResolver } from '../../../graphql/resolver-types';
import { canUseInstance } from '../instance-access';
import { instancesChannel, isInstanceChangedEvent } from '../instance-events';
import { instancePayload } from '../instance-payload';
import { channelsOf } from '../instance-service';

/** Bus events as an async iterable, unsubscribed when the client stops listening. */
async function* busEvents(context: RequestContext, channel: string): AsyncGenerator<unknown> {
  const queue: unknown[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = await channelsOf(context).pubsub.subscribe(channel, (event) => {
    queue.push(event);
    wake?.();
  });
  try {
    for (;;) {
      while (queue.length > 0) yield queue.shift();
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  } finally {
    await unsubscribe();
  }
}

/** SPEC §7 "instance updated": the changed connection, for the viewers who may use it. */
export const instanceUpdated: SubscriptionFieldResolver<'instanceUpdated'> = {
  subscribe: async function* (_parent, _args, context) {
    const viewer = requireViewer(context);
    for await (const event of busEvents(context, instancesChannel(context.tenant.id))) {
      if (!isInstanceChangedEvent(event) || !canUseInstance(viewer, event.instance_id)) continue;
      const row = await context.database.withTenant(context.tenant.id, (tx) =>
        tx.selectFrom('instances').selectAll().where('tenant_id', '=', context.tenant.id).where('id', '=', event.instance_id).executeTakeFirst(),
      );
      if (row) yield { instanceUpdated: instancePayload(row, context.tenant.slug) };
    }
  },
};
