import type { RequestContext } from '../../graphql/context';
import { appError } from '../../graphql/errors';
import { userTexts } from '../../texts';

/** unblockUser: lifts a sign-in lock before its cool-down ends and clears the failed attempts. */
export async function unblock(context: RequestContext, userId: number): Promise<void> {
  const updated = await context.database.withTenant(context.tenant.id, (tx) =>
    tx
      .updateTable('users')
      .set({ attempts: 0, blocked_at: null })
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst(),
  );
  if (!updated) throw appError('NOT_FOUND', userTexts.notFound);
}
