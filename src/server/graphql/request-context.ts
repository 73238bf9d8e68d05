import type { Config } from '../config';
import type { Database } from '../db/database';
import { findTenantBySlug } from '../modules/tenants/tenant-store';
import { loadViewer } from '../modules/users/viewer';
import type { Credential, RequestContext, ServerServices, Viewer } from './context';
import { tenantInvalid } from './errors';

export interface ContextDeps {
  config: Config;
  database: Database;
  services: ServerServices;
}

export interface ContextInput {
  /** The first path segment of the address. */
  tenantSlug: string;
  /** The `Authorization` header value (`Bearer …`) or the bare token; absent when signed out. */
  authorization?: string | null;
  ip: string;
}

const bearerOf = (authorization: string | null | undefined): string | null => {
  const match = /^\s*(?:Bearer\s+)?(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
};

/**
 * The RequestContext of one HTTP request or websocket connection. Throws the TENANT_INVALID error for
 * an unknown slug; a missing, expired or foreign token yields `viewer: null` with the matching `credential`.
 */
export async function createRequestContext(deps: ContextDeps, input: ContextInput): Promise<RequestContext> {
  const tenant = await findTenantBySlug(deps.database.db, input.tenantSlug);
  if (!tenant) throw tenantInvalid();
  let credential: Credential = 'none';
  let viewer: Viewer | null = null;
  const token = bearerOf(input.authorization);
  if (token) {
    const check = await deps.services.accessTokens.verify(token);
    if (check.status === 'valid' && check.claims.tenantId === tenant.id) {
      viewer = await loadViewer(deps.database, tenant.id, check.claims);
    }
    credential = viewer ? 'valid' : check.status === 'expired' ? 'expired' : 'invalid';
  }
  return { ...deps, tenant, viewer, credential, ip: input.ip };
}
