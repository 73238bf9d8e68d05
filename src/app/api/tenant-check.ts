import { proxy } from 'valtio';
import { gqlRequest } from './graphql-client';
import { GraphqlRequestError } from './request-error';

export type TenantVerdict = 'valid' | 'invalid' | 'unknown';

const TIMEOUT_MS = 5_000;

/** Verdicts the server gave in this visit; 'unknown' (no answer) is asked again next time. */
export const tenantVerdicts = proxy<Record<string, TenantVerdict>>({});

const pending = new Map<string, Promise<TenantVerdict>>();

async function ask(tenant: string): Promise<TenantVerdict> {
  try {
    await gqlRequest(`query Tenant { tenant { slug } }`, {}, {
      tenant,
      auth: false,
      notify: false,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return 'valid';
  } catch (error) {
    return error instanceof GraphqlRequestError && error.kind === 'tenant-invalid' ? 'invalid' : 'unknown';
  }
}

/** Whether the address's tenant exists, asked once per visit (SPEC §2 pages/tenant-invalid). */
export function verifyTenant(tenant: string): Promise<TenantVerdict> {
  const known = tenantVerdicts[tenant];
  if (known && known !== 'unknown') return Promise.resolve(known);
  let request = pending.get(tenant);
  if (!request) {
    request = ask(tenant).then((verdict) => {
      tenantVerdicts[tenant] = verdict;
      pending.delete(tenant);
      return verdict;
    });
    pending.set(tenant, request);
  }
  return request;
}
