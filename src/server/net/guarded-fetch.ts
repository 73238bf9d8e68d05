import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy';

/** The request was refused before any byte left: a forbidden address, scheme or redirect. */
export class OutboundBlockedError extends Error {}
/** The answer was bigger than the caller's cap; reading stopped at the cap. */
export class OutboundTooLargeError extends Error {}
/** The whole exchange (redirects included) took longer than the caller allowed. */
export class OutboundTimeoutError extends Error {}

export interface GuardedFetchOptions {
  policy: AddressPolicy;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Uint8Array;
  /** The address that answered, after redirects. */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Resolves the name and connects only to an address the policy allows. The check sits in the
 * socket's own look-up, so the address judged is the address connected to (no DNS rebinding
 * between a check and the connect).
 */
function guardedLookup(policy: AddressPolicy, hostname: string): LookupFunction {
  return (name, options, callback) => {
    dnsLookup(name, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = policy.allowsHost(hostname) ? undefined : addresses.find((a) => !policy.allowsAddress(a.address));
      if (refused || addresses.length === 0) {
        return callback(new OutboundBlockedError(`${hostname} resolves to a forbidden address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function checkUrl(url: URL, policy: AddressPolicy): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundBlockedError(`scheme ${url.protocol} refused`);
  if (url.username || url.password) throw new OutboundBlockedError('credentials in the address refused');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !policy.allowsAddress(host)) throw new OutboundBlockedError(`${host} is a forbidden address`);
}

function once(url: URL, options: GuardedFetchOptions, method: string, body: GuardedFetchOptions['body'], signal: AbortSignal): Promise<GuardedResponse> {
  checkUrl(url, options.policy);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      { method, headers: options.headers, signal, lookup: guardedLookup(options.policy, url.hostname), agent: false },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status) && response.headers.location) {
          response.resume();
          return resolve({ status, headers: response.headers, bytes: new Uint8Array(), url: url.href });
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) {
          response.destroy();
          return reject(new OutboundTooLargeError(`answer of ${declared} bytes refused`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new OutboundTooLargeError(`answer larger than ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, headers: response.headers, bytes: new Uint8Array(Buffer.concat(chunks)), url: url.href }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !['authorization', 'cookie', 'proxy-authorization'].includes(name.toLowerCase())));
}

/**
 * An HTTP(S) request to an address a user gave us (sandbox images, chat-flow HTTP nodes): every hop
 * is checked against the policy after DNS resolution, redirects are followed by hand so each target
 * is checked too, the answer is read as a stream and cut at `maxBytes`, and the whole exchange is
 * bounded by `timeoutMs`.
 */
export async function guardedFetch(address: string, given: GuardedFetchOptions): Promise<GuardedResponse> {
  let options = given;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new OutboundBlockedError('not an address');
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  try {
    for (let hop = 0; ; hop++) {
      const response = await once(url, options, method, body, controller.signal);
      if (!REDIRECTS.has(response.status) || !response.headers.location) return response;
      if (hop >= (options.maxRedirects ?? 5)) throw new OutboundBlockedError('too many redirects');
      const next = new URL(response.headers.location, url);
      // Credentials meant for one site are not handed to the site it redirects to.
      if (next.origin !== url.origin && options.headers) options = { ...options, headers: withoutCredentials(options.headers) };
      url = next;
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
    }
  } catch (error) {
    if (controller.signal.aborted) throw new OutboundTimeoutError(`no answer within ${options.timeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
