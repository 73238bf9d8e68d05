import { DEMO_PASSWORD } from '../../../../src/server/modules/tenants/demo-seed';
import { testFetch } from './test-fetch';

/** GraphQL calls as a signed-in user, for what tests do on the server side (moving tickets...). */
export async function signedInCaller(baseUrl: string, email: string, tenant = 'demo') {
  const endpoint = `${baseUrl}/${tenant}/graphql`;
  const call = async <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> => {
    const response = await testFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: unknown };
    if (!body.data || body.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  const { logIn } = await call<{ logIn: { token: string } }>(
    'mutation ($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }',
    { e: email, p: DEMO_PASSWORD },
  );
  return <T>(query: string, variables: Record<string, unknown> = {}) => call<T>(query, variables, logIn.token);
}
