import type { PlatformSetting } from '../../../../shared/graphql/generated';
import { requireViewer } from '../../../graphql/guards';
import type { SubscriptionFieldResolver } from '../../../graphql/resolver-types';
import { AsyncQueue } from '../../../sync/async-queue';
import { watchPlatformSettings } from '../../settings/platform-watch';

/** globalSettingChanged: whatsapp_status / maintenance_status as they change, to every signed-in user. */
export const globalSettingChanged: SubscriptionFieldResolver<'globalSettingChanged'> = {
  subscribe: (_parent, _args, context) => {
    requireViewer(context);
    let stop: (() => void) | null = null;
    const queue = new AsyncQueue<PlatformSetting>(() => stop?.());
    stop = watchPlatformSettings(context.database, context.config, (change) => queue.push(change));
    return queue;
  },
  resolve: (payload: unknown) => payload as PlatformSetting,
};
