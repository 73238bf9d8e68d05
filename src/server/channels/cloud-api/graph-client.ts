import { z } from 'zod';
import type { SecretBox } from '../../security/secret-box';
import { GraphApiError, graphErrorOf } from './graph-error';

export interface GraphClientOptions {
  /** e.g. `https://graph.facebook.com/v23.0` (config CLOUD_API_BASE_URL) or a local fake. */
  baseUrl: string;
  timeoutMs?: number;
  /** Opens the stored (sealed) tokens every method takes: they are decrypted only for the request's header. */
  secrets: Pick<SecretBox, 'open'>;
}

const sendResponse = z.object({
  messages: z.array(z.object({ id: z.string() })).min(1),
  contacts: z.array(z.object({ wa_id: z.string().optional() })).optional(),
});
const mediaUpload = z.object({ id: z.string() });
const mediaUrl = z.object({ url: z.string(), mime_type: z.string(), file_size: z.number().optional() });
const phoneInfo = z.object({
  id: z.string().optional(),
  display_phone_number: z.string().optional(),
  verified_name: z.string().optional(),
});

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  category: z.string().optional(),
  parameter_format: z.string().optional(),
  components: z.array(z.record(z.string(), z.unknown())).default([]),
});
export type GraphTemplate = z.infer<typeof templateSchema>;
const templatePage = z.object({
  data: z.array(templateSchema),
  paging: z.object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() }).optional(),
});
const templateCreated = z.object({ id: z.string(), status: z.string(), category: z.string().optional() });

export interface UploadFile {
  bytes: Uint8Array;
  mimeType: string;
  fileName: string;
}

/** Stops paging a template list that never ends (a WABA holds at most a few hundred templates). */
const MAX_TEMPLATE_PAGES = 20;

/**
 * The Graph API calls the Cloud API channel makes; every call carries the connection's token, given
 * as stored in the database (sealed) and opened here only to become the Authorization header.
 */
export class GraphClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly secrets: Pick<SecretBox, 'open'>;

  constructor(options: GraphClientOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.secrets = options.secrets;
  }

  private bearer(storedToken: string): string {
    return `Bearer ${this.secrets.open(storedToken)}`;
  }

  private async call<T>(schema: z.ZodType<T>, path: string, token: string, init: RequestInit = {}): Promise<T> {
    const url = path.startsWith('http') ? path : `${this.base}/${path}`;
    // Outside the try: a token the key cannot open is not a network failure to retry.
    const authorization = this.bearer(token);
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { authorization, ...(init.headers ?? {}) },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new GraphApiError(error instanceof Error ? error.message : String(error), 0, null, 0);
    }
    if (!response.ok) throw await graphErrorOf(response);
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) throw new GraphApiError('Resposta inesperada da API do WhatsApp', 0, parsed.error.message, response.status);
    return parsed.data;
  }

  private postJson<T>(schema: z.ZodType<T>, path: string, token: string, body: unknown): Promise<T> {
    return this.call(schema, path, token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  /** `POST /{phone-number-id}/messages`; answers the new message's wamid. */
  async sendMessage(phoneNumberId: string, token: string, payload: object): Promise<{ id: string; waId: string | null }> {
    const body = { messaging_product: 'whatsapp', recipient_type: 'individual', ...payload };
    const result = await this.postJson(sendResponse, `${encodeURIComponent(phoneNumberId)}/messages`, token, body);
    return { id: result.messages[0]!.id, waId: result.contacts?.[0]?.wa_id ?? null };
  }

  /** `POST /{phone-number-id}/media` (multipart); answers the media id to send by. */
  async uploadMedia(phoneNumberId: string, token: string, file: UploadFile): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mimeType);
    form.set('file', new Blob([Buffer.from(file.bytes)], { type: file.mimeType }), file.fileName);
    const result = await this.call(mediaUpload, `${encodeURIComponent(phoneNumberId)}/media`, token, { method: 'POST', body: form });
    return result.id;
  }

  /** `GET /{media-id}` then the lookaside URL (valid 5 minutes), both with the same bearer token. */
  async downloadMedia(mediaId: string, token: string): Promise<{ bytes: Uint8Array; mimeType: string }> {
    const info = await this.call(mediaUrl, encodeURIComponent(mediaId), token);
    const authorization = this.bearer(token);
    let response: Response;
    try {
      response = await fetch(info.url, { headers: { authorization }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new GraphApiError(error instanceof Error ? error.message : String(error), 0, null, 0);
    }
    if (!response.ok) throw await graphErrorOf(response);
    return { bytes: new Uint8Array(await response.arrayBuffer()), mimeType: info.mime_type };
  }

  /** `GET /{phone-number-id}`: proves the token works for this number. */
  phoneNumber(phoneNumberId: string, token: string): Promise<z.infer<typeof phoneInfo>> {
    return this.call(phoneInfo, `${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name`, token);
  }

  /** `GET /{waba-id}/message_templates`, following `paging.next`. */
  async listTemplates(wabaId: string, token: string): Promise<GraphTemplate[]> {
    const all: GraphTemplate[] = [];
    let path: string | undefined = `${encodeURIComponent(wabaId)}/message_templates?limit=100`;
    for (let page = 0; path && page < MAX_TEMPLATE_PAGES; page++) {
      const result: z.infer<typeof templatePage> = await this.call(templatePage, path, token);
      all.push(...result.data);
      const after = result.paging?.cursors?.after;
      path = result.paging?.next && after ? `${encodeURIComponent(wabaId)}/message_templates?limit=100&after=${encodeURIComponent(after)}` : undefined;
    }
    return all;
  }

  /** `POST /{waba-id}/message_templates`; Meta reviews it (status PENDING until approved). */
  createTemplate(wabaId: string, token: string, template: object): Promise<z.infer<typeof templateCreated>> {
    return this.postJson(templateCreated, `${encodeURIComponent(wabaId)}/message_templates`, token, template);
  }
}
