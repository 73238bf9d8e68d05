import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixtureJson } from './cloud-api-fixtures';

/** A request the fake received, for assertions. */
export interface RecordedRequest {
  method: string;
  path: string;
  token: string | null;
  body: unknown;
}

interface StoredMedia {
  bytes: Buffer;
  mimeType: string;
}

interface FakeTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category?: string;
  [key: string]: unknown;
}

export interface FakeCloudApiOptions {
  /** Tokens the fake accepts; any other answers error 190. */
  tokens?: string[];
  /** Per phone number: sends per second beyond which it answers 130429 (as the real API throttles). */
  messagesPerSecond?: number;
}

const errorBodies = {
  190: 'error-invalid-token.json',
  130429: 'error-rate-limit.json',
  131056: 'error-pair-rate-limit.json',
  131047: 'error-outside-window.json',
} as const;
/**
 * Meta's campaign refusals (fixtures README, "Campaign-relevant facts"), in the envelope of
 * error-outside-window.json with the title of Meta's `support/error-codes` table.
 */
const campaignRefusals = {
  131049: 'This message was not delivered to maintain healthy ecosystem engagement.',
  131050: 'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
} as const;
export type FakeErrorCode = keyof typeof errorBodies | keyof typeof campaignRefusals;

function errorBody(code: FakeErrorCode): unknown {
  if (code in errorBodies) return fixtureJson(errorBodies[code as keyof typeof errorBodies]);
  const base = fixtureJson<{ error: Record<string, unknown> }>('error-outside-window.json');
  const title = campaignRefusals[code as keyof typeof campaignRefusals];
  return { error: { ...base.error, message: `(#${code}) ${title}`, code, error_data: { messaging_product: 'whatsapp', details: title } } };
}
const httpStatusOf = (code: FakeErrorCode) => (code === 190 ? 401 : 400);

const readBody = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** The `file` part of a multipart/form-data body (enough for `POST /{phone-number-id}/media`). */
function multipartFile(body: Buffer, contentType: string): StoredMedia | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return null;
  const parts = body.toString('latin1').split(`--${marker}`);
  for (const part of parts) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = part.slice(0, headerEnd);
    if (!/name="file"/.test(headers)) continue;
    const mimeType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? 'application/octet-stream';
    const content = part.slice(headerEnd + 4, part.length - 2);
    return { bytes: Buffer.from(content, 'latin1'), mimeType };
  }
  return null;
}

/**
 * A local stand-in for graph.facebook.com answering as the documented Cloud API does
 * (fixtures/cloud-api/): sends, media upload and download, templates, phone number info, and
 * the error answers 190, 130429, 131056 and 131047.
 */
export class FakeCloudApi {
  readonly requests: RecordedRequest[] = [];
  readonly media = new Map<string, StoredMedia>();
  /** Graph error codes the fake answered, in order. */
  readonly answeredErrors: FakeErrorCode[] = [];
  /** Sends the fake accepted, with the wamid it answered. */
  readonly accepted: Array<{ id: string; phoneId: string; body: Record<string, unknown> }> = [];
  templates: FakeTemplate[];
  /** Free-form sends to these numbers answer 131047 (their 24-hour window is closed). */
  readonly closedWindows = new Set<string>();
  /** Every send to one of these numbers answers its error (the refusal is the customer's, not the moment's). */
  readonly refusedNumbers = new Map<string, FakeErrorCode>();
  private readonly tokens: Set<string>;
  private readonly failures: FakeErrorCode[] = [];
  private readonly sendTimes = new Map<string, number[]>();
  private messagesPerSecond: number | null;
  private counter = 0;
  private server: Server | null = null;
  origin = '';

  constructor(options: FakeCloudApiOptions = {}) {
    this.tokens = new Set(options.tokens ?? ['TEST_TOKEN']);
    this.messagesPerSecond = options.messagesPerSecond ?? null;
    this.templates = fixtureJson<{ data: FakeTemplate[] }>('templates-list-response.json').data;
  }

  /** Graph API base URL of the fake, version included, as CLOUD_API_BASE_URL takes it. */
  get baseUrl(): string {
    return `${this.origin}/v23.0`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next send answers this error (queued, one per call). */
  failNext(code: FakeErrorCode): void {
    this.failures.push(code);
  }

  setMessagesPerSecond(limit: number | null): void {
    this.messagesPerSecond = limit;
  }

  addMedia(id: string, bytes: Buffer, mimeType: string): void {
    this.media.set(id, { bytes, mimeType });
  }

  /** Message sends received, in order. */
  get sends(): Array<Record<string, unknown>> {
    return this.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')).map((r) => r.body as Record<string, unknown>);
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private error(res: ServerResponse, code: FakeErrorCode): void {
    this.answeredErrors.push(code);
    this.json(res, httpStatusOf(code), errorBody(code));
  }

  private throttled(phoneId: string): boolean {
    if (this.messagesPerSecond === null) return false;
    const now = Date.now();
    const times = (this.sendTimes.get(phoneId) ?? []).filter((t) => now - t < 1000);
    this.sendTimes.set(phoneId, times);
    if (times.length >= this.messagesPerSecond) return true;
    times.push(now);
    return false;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    const raw = await readBody(req);
    const auth = req.headers.authorization ?? null;
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : null;
    const contentType = req.headers['content-type'] ?? '';
    const body = contentType.includes('application/json') && raw.length ? (JSON.parse(raw.toString('utf8')) as unknown) : null;
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, token, body });

    const lookaside = /^\/lookaside\/(\w+)$/.exec(url.pathname);
    if (!token || !this.tokens.has(token)) return this.error(res, 190);
    if (lookaside) {
      const media = this.media.get(lookaside[1]!);
      if (!media) return this.json(res, 404, { error: { message: 'not found', code: 100 } });
      res.writeHead(200, { 'content-type': media.mimeType }).end(media.bytes);
      return;
    }
    const [, version, id, edge] = url.pathname.split('/');
    if (version !== 'v23.0' || !id) return this.json(res, 404, { error: { message: 'Unknown path', code: 100 } });

    if (req.method === 'POST' && edge === 'messages') return this.sendMessage(res, id, body as Record<string, unknown>);
    if (req.method === 'POST' && edge === 'media') {
      const file = multipartFile(raw, contentType);
      if (!file) return this.json(res, 400, { error: { message: '(#100) The parameter file is required.', code: 100 } });
      const mediaId = `9000000001${String(++this.counter).padStart(5, '0')}`;
      this.media.set(mediaId, file);
      return this.json(res, 200, { id: mediaId });
    }
    if (edge === 'message_templates') {
      if (req.method === 'POST') {
        const created = { ...(body as FakeTemplate), id: `3000000001${String(++this.counter).padStart(5, '0')}`, status: 'PENDING' };
        this.templates.push(created);
        return this.json(res, 200, { id: created.id, status: 'PENDING', category: created.category ?? 'UTILITY' });
      }
      return this.json(res, 200, { data: this.templates, paging: { cursors: { before: 'QVFIUTESTBEFORE', after: 'QVFIUTESTAFTER' } } });
    }
    if (req.method === 'GET' && !edge) {
      const media = this.media.get(id);
      if (media) {
        return this.json(res, 200, {
          messaging_product: 'whatsapp',
          url: `${this.origin}/lookaside/${id}`,
          mime_type: media.mimeType,
          file_size: media.bytes.length,
          id,
        });
      }
      return this.json(res, 200, { id, display_phone_number: '+55 11 90000-0000', verified_name: 'Loja Teste' });
    }
    return this.json(res, 404, { error: { message: 'Unknown path', code: 100 } });
  }

  private sendMessage(res: ServerResponse, phoneId: string, body: Record<string, unknown> | null): void {
    if (!body || body.messaging_product !== 'whatsapp' || typeof body.to !== 'string' || typeof body.type !== 'string') {
      return this.json(res, 400, { error: { message: '(#100) Invalid parameter', code: 100 } });
    }
    const failure = this.failures.shift();
    if (failure) return this.error(res, failure);
    if (this.throttled(phoneId)) return this.error(res, 130429);
    const to = body.to.replace(/\D/g, '');
    const refusal = this.refusedNumbers.get(to);
    if (refusal) return this.error(res, refusal);
    if (body.type !== 'template' && this.closedWindows.has(to)) return this.error(res, 131047);
    const id = `wamid.FAKE_${String(++this.counter).padStart(6, '0')}`;
    this.accepted.push({ id, phoneId, body });
    this.json(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: to }], messages: [{ id }] });
  }
}
