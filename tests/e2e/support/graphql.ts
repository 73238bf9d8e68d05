import { baseUrl } from './browser';

/** Loose shape of GraphQL answers in browser stories, which read a few fields deep without a generated type. */
export type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A GraphQL call on the demo tenant of the running e2e server; errors fail the calling test. */
export function graphql(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Data> {
  return graphqlAt(baseUrl(), query, variables, token);
}

/** The same on the demo tenant of the server at `origin` (tests with a server of their own). */
export async function graphqlAt(origin: string, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Data> {
  const response = await fetch(`${origin}/demo/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Data; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}
