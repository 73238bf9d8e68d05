import { conversation$, type ConversationMessage } from '../queries/message-queries';
import { useDatabase } from './use-database';
import { useObservable } from './use-observable';

/** A customer's conversation on a connection: the latest `limit` messages, oldest first, live. */
export function useMessages(customerId: string | null, instanceId: string | null, limit = 200): ConversationMessage[] {
  const db = useDatabase();
  return useObservable(
    () => (db && customerId && instanceId ? conversation$(db, customerId, instanceId, limit) : null),
    [],
    [db, customerId, instanceId, limit],
  );
}
