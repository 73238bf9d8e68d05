import { z } from 'zod';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { toMessageDocument } from '../../messages/message-document';
import { retrySend } from '../retry-send';

export const retryMessage: MutationResolver<'retryMessage'> = async (_parent, args, context) => {
  const { hash } = parseInput(z.object({ hash: z.string().trim().min(1).max(100) }), args);
  return { ...toMessageDocument(await retrySend(context, hash)), parentCustomerChat: null, customerChatReactions: [] };
};
