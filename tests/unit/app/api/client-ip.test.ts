import { describe, expect, it, vi } from 'vitest';
import { clientIp } from '../../../../src/app/api/client-ip';

describe('clientIp', () => {
  it('sends the placeholder address when no lookup service is configured', async () => {
    const fetchImpl = vi.fn();
    await expect(clientIp(undefined, fetchImpl)).resolves.toBe('0.0.0.0');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('reads JSON or plain-text answers', async () => {
    await expect(clientIp('https://ip.test', async () => new Response('{"ip":"200.1.2.3"}'))).resolves.toBe('200.1.2.3');
    await expect(clientIp('https://ip.test', async () => new Response('189.0.0.1\n'))).resolves.toBe('189.0.0.1');
  });

  it('gives up after the time limit and on failures', async () => {
    const hanging = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    await expect(clientIp('https://ip.test', hanging, 20)).resolves.toBe('0.0.0.0');
    await expect(clientIp('https://ip.test', async () => new Response('', { status: 500 }))).resolves.toBe('0.0.0.0');
  });
});
