import type { Channel, ChannelInstance, OutboundMessage, SendResult } from '../channel';
import type { SandboxNetwork } from './sandbox-network';

/** The built-in simulated WhatsApp (the default channel): no outside service needed. */
export class SandboxChannel implements Channel {
  readonly kind = 'sandbox' as const;

  constructor(private readonly network: SandboxNetwork) {}

  send(instance: ChannelInstance, message: OutboundMessage): Promise<SendResult> {
    return this.network.send(instance, message);
  }
}
