/**
 * A connection as the connection screens read it (instances.graphql `Instance`). The token comes
 * masked from the server; `dialog_params` is any JSON object.
 */
export type ChannelKind = 'sandbox' | 'cloud-api';

export interface InstanceView {
  id: string;
  name: string;
  channel: string;
  hub_host: string | null;
  activated: boolean;
  reset_finished: boolean;
  phone_number: string | null;
  qr_code: string | null;
  waba_id: string | null;
  is_official: boolean;
  official_token: string | null;
  messaging_send: number;
  messaging_limit: string | null;
  official_phone_id: string | null;
  broker: string | null;
  dialog_params: unknown;
  webhook_path: string | null;
  simulator_path: string | null;
}

/** The selection every connection query asks for, so the screens share one shape. */
export const INSTANCE_FIELDS = `id name channel hub_host activated reset_finished phone_number qr_code waba_id
  is_official official_token messaging_send messaging_limit official_phone_id broker dialog_params
  webhook_path simulator_path`;

/** What the drop notice and the chooser need of a connection. */
export type InstanceSummary = Pick<InstanceView, 'id' | 'name' | 'activated' | 'phone_number'>;

export const isSandbox = (instance: Pick<InstanceView, 'channel'>): boolean => instance.channel === 'sandbox';
export const isCloudApi = (instance: Pick<InstanceView, 'channel'>): boolean => instance.channel === 'cloud-api';

/**
 * Kinds that pair a phone by reading a QR code (a web-session broker): neither the sandbox nor the
 * Cloud API does, so the QR step shows for any other kind, or whenever the server has a code.
 */
export const pairsByQr = (instance: Pick<InstanceView, 'channel' | 'qr_code'>): boolean =>
  Boolean(instance.qr_code) || !(isSandbox(instance) || isCloudApi(instance));
