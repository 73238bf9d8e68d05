import { channelTexts } from '../../../shared/i18n/pt-BR';
import type { Channel, ChannelInstance, OutboundMessage, SendResult } from '../channel';
import { ChannelSendError } from '../send-error';
import type { GraphClient } from './graph-client';
import { GraphApiError, GraphErrorCode } from './graph-error';
import { sendPayload } from './send-payload';

export interface CloudApiChannelOptions {
  /** Waits before each retry of a throttled (130429/131056) or transient failure. */
  retryDelaysMs?: readonly number[];
}

/** Meta asks to back off exponentially on throttling; five tries span about half a minute. */
const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pt-BR reason an attendant sees for a refused send, and whether trying later may help. */
export function sendErrorOf(error: unknown): ChannelSendError {
  if (error instanceof ChannelSendError) return error;
  if (!(error instanceof GraphApiError)) return new ChannelSendError(channelTexts.providerFailed(String(error)), true);
  switch (error.code) {
    case GraphErrorCode.outsideWindow:
      return new ChannelSendError(channelTexts.outsideServiceWindow, false, error.code, 'OUTSIDE_SERVICE_WINDOW');
    case GraphErrorCode.tokenInvalid:
      return new ChannelSendError(channelTexts.providerTokenInvalid, false, error.code, 'NOT_CONFIGURED');
    case GraphErrorCode.rateLimit:
      return new ChannelSendError(channelTexts.providerRateLimited, true, error.code, 'RATE_LIMITED');
    case GraphErrorCode.pairRateLimit:
      return new ChannelSendError(channelTexts.providerPairRateLimited, true, error.code, 'RATE_LIMITED');
    default: {
      const reason = [error.message, error.details].filter(Boolean).join(' — ');
      return new ChannelSendError(channelTexts.providerFailed(reason), error.isTransient, error.code || null);
    }
  }
}

/** The official WhatsApp Cloud API (Graph API) as a Channel. */
export class CloudApiChannel implements Channel {
  readonly kind = 'cloud-api' as const;
  private readonly retryDelaysMs: readonly number[];

  constructor(
    private readonly graph: GraphClient,
    options: CloudApiChannelOptions = {},
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  private async withRetry<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        const delay = this.retryDelaysMs[attempt];
        const retry = error instanceof GraphApiError && (error.isRateLimit || error.isTransient);
        if (!retry || delay === undefined) throw sendErrorOf(error);
        await sleep(delay);
      }
    }
  }

  async send(instance: ChannelInstance, message: OutboundMessage): Promise<SendResult> {
    const { officialPhoneId: phoneId, officialToken: token } = instance;
    if (!phoneId || !token) throw new ChannelSendError(channelTexts.cloudApiNotConfigured, false, null, 'NOT_CONFIGURED');
    let mediaId: string | null = null;
    if ('file' in message) {
      const { file } = message;
      mediaId = await this.withRetry(() =>
        this.graph.uploadMedia(phoneId, token, { bytes: file.bytes, mimeType: file.mimeType, fileName: file.fileName ?? file.name }),
      );
    }
    const payload = sendPayload(message, mediaId);
    const sent = await this.withRetry(() => this.graph.sendMessage(phoneId, token, payload));
    return { providerMessageId: sent.id };
  }
}
