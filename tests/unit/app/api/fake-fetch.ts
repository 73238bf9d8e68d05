import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  body: { query: string; variables: Record<string, unknown> };
  authorization: string | null;
}

type Answer = (call: RecordedCall) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/** Replaces global fetch with a GraphQL server made of one answer function; returns the calls seen. */
export function fakeGraphqlServer(answer: Answer): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      const call = { url, body: JSON.parse(String(init.body)), authorization: headers.get('authorization') };
      calls.push(call);
      const { status = 200, body } = await answer(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
