import { conversation$, type ConversationMessage } from '../queries/message-queries';
import { useDatabase } from './use-database';
import { useObservable } from './use-observable';

/**
 * A customer's conversation on a connection: the latest `limit` messages, oldest first, live; null
 * until the local database has answered for the first time.
 */
export function useMessages(customerId: string | null, instanceId: string | null, limit = 200): ConversationMessage[] | null {
  const db = useDatabase();
  return useObservable<ConversationMessage[] | null>(
    () => (db && customerId && instanceId ? conversation$(db, customerId, instanceId, limit) : null),
    null,
    [db, customerId, instanceId, limit],
  );
}
