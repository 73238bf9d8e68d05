import { sql } from 'kysely';
import type { LoginPayload } from '../../../shared/graphql/generated';
import { auth as texts } from '../../../shared/i18n/pt-BR';
import type { RequestContext } from '../../graphql/context';
import { appError } from '../../graphql/errors';
import { loadUserPayload } from '../users/user-payload';
import { refuseWhileThrottled } from './auth-throttles';
import { hashToken } from './secret-tokens';
import { openSession } from './sessions';
import { userBlocked } from './sign-in';

const integrationFailed = () =>
  appError('INTEGRATION_TOKEN_INVALID', texts.integrationFailedTitle, { detail: texts.integrationFailedMessage });

/** integrationLogIn (SPEC §5): an external system signs its user in with a long-lived token. */
export async function integrationSignIn(context: RequestContext, accessToken: string): Promise<LoginPayload> {
  const { integrationAddress } = context.services.throttles;
  refuseWhileThrottled(integrationAddress, context.ip);
  const result = await context.database.withTenant(context.tenant.id, async (tx) => {
    const row = await tx
      .selectFrom('integration_tokens as t')
      .innerJoin('users as u', (join) => join.onRef('u.tenant_id', '=', 't.tenant_id').onRef('u.id', '=', 't.user_id'))
      .innerJoin('roles as r', (join) => join.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'))
      .select(['t.id', 'u.id as user_id', 'u.blocked_at', 'r.name as role_name'])
      .where('t.token_hash', '=', hashToken(accessToken))
      .where('t.revoked_at', 'is', null)
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return { error: integrationFailed() };
    if (row.blocked_at) return { error: userBlocked() };
    await tx.updateTable('integration_tokens').set({ last_used_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
    await tx.updateTable('users').set({ is_connected: true, last_seen_at: sql<Date>`now()` }).where('id', '=', row.user_id).execute();
    const session = await openSession(context, tx, { id: row.user_id, roleName: row.role_name }, false);
    return { session, user: await loadUserPayload(tx, row.user_id) };
  });
  if ('error' in result && result.error) {
    if (result.error.extensions.code === 'INTEGRATION_TOKEN_INVALID') integrationAddress.count(context.ip);
    throw result.error;
  }
  return { two_factor_required: false, ...result.session, user: result.user };
}
