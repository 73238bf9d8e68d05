import { t } from '../texts';
import type { InstanceView } from './instance';

export type ConnectionState = 'connected' | 'disconnected' | 'maintenance';

/** Platform maintenance (SPEC §4) outranks each connection's own state: nothing is served meanwhile. */
export function connectionState(activated: boolean, maintenance: boolean): ConnectionState {
  if (maintenance) return 'maintenance';
  return activated ? 'connected' : 'disconnected';
}

const LABELS: Readonly<Record<ConnectionState, string>> = {
  connected: t.state.connected,
  disconnected: t.state.disconnected,
  maintenance: t.state.maintenance,
};

const COLORS: Readonly<Record<ConnectionState, string>> = {
  connected: 'teal',
  disconnected: 'red',
  maintenance: 'orange',
};

export const connectionStateLabel = (state: ConnectionState): string => LABELS[state];
export const connectionStateColor = (state: ConnectionState): string => COLORS[state];

/** 'Sandbox' / 'API oficial'; a kind this version does not know is shown as it came. */
export function channelLabel(instance: Pick<InstanceView, 'channel'>): string {
  if (instance.channel === 'sandbox') return t.channel.sandbox;
  if (instance.channel === 'cloud-api') return t.channel.cloudApi;
  return instance.channel || t.channel.other;
}
