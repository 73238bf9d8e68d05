import { sql } from 'kysely';
import type { AuditAction } from '../../../shared/domain/audit-actions';
import type { RequestContext } from '../../graphql/context';

export interface AuditEntry {
  action: AuditAction;
  /** The account the action is about; found by `email` when not given (failed sign-ins). */
  userId?: number | null;
  email?: string | null;
  /** The ip the client claims (SPEC §7 logIn/connected/disconnected ip); the server-seen one is the request's. */
  claimedIp?: string | null;
  detail?: string | null;
}

/**
 * Writes one audit-log row in its own transaction, so that an action which then fails (a wrong
 * password) is still recorded. The actor is the signed-in user of the request, if any.
 */
export async function recordAudit(context: Pick<RequestContext, 'database' | 'tenant' | 'viewer' | 'ip'>, entry: AuditEntry): Promise<void> {
  const tenantId = context.tenant.id;
  const email = entry.email?.trim().toLowerCase() || null;
  await context.database.withTenant(tenantId, (tx) =>
    tx
      .insertInto('audit_log')
      .values({
        tenant_id: tenantId,
        action: entry.action,
        user_id:
          entry.userId ??
          (email === null
            ? null
            : sql<number | null>`(select id from users where tenant_id = ${tenantId} and lower(email) = ${email} and deleted_at is null limit 1)`),
        actor_id: context.viewer?.userId ?? null,
        email,
        claimed_ip: entry.claimedIp?.slice(0, 64) || null,
        remote_ip: context.ip || null,
        detail: entry.detail?.slice(0, 500) ?? null,
      })
      .execute(),
  );
}

/** A catch handler that records the failed action (with the error's code) and rethrows. */
export function auditFailure(context: Parameters<typeof recordAudit>[0], entry: AuditEntry): (error: unknown) => Promise<never> {
  return async (error) => {
    const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
    await recordAudit(context, { ...entry, detail: typeof code === 'string' ? code : null });
    throw error;
  };
}
