import type { PubSub } from '../../pubsub';

/** The bus channel of a tenant's connection changes (SPEC §7 socket event "instance updated"). */
export const instancesChannel = (tenantId: number): string => `tenant:${tenantId}:instances`;

/** The bus channel of a tenant's template changes (SPEC §7 socket event "message template updated"). */
export const templatesChannel = (tenantId: number): string => `tenant:${tenantId}:templates`;

export interface InstanceChangedEvent {
  instance_id: number;
  /** True when this change took the connection down (activated true → false). */
  dropped: boolean;
}

export function publishInstanceChanged(pubsub: PubSub, tenantId: number, event: InstanceChangedEvent): Promise<void> {
  return pubsub.publish(instancesChannel(tenantId), event);
}

export function isInstanceChangedEvent(value: unknown): value is InstanceChangedEvent {
  return typeof value === 'object' && value !== null && typeof (value as InstanceChangedEvent).instance_id === 'number';
}
