import { foldForSearch } from '../../../../shared/domain/messages';
import { sameId } from '../../../../shared/domain/record';
import type { OnlineUser, RecordId } from './types';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** Attendants a ticket can go to: not the current holder, online ones first, then by name. */
export function transferCandidates(
  users: readonly OnlineUser[],
  holderId: RecordId | null | undefined,
  query = '',
): OnlineUser[] {
  const needle = foldForSearch(query.trim());
  return users
    .filter((u) => !sameId(u.id, holderId))
    .filter((u) => !needle || foldForSearch(u.name).includes(needle))
    .sort((a, b) => Number(b.isConnected === true) - Number(a.isConnected === true) || collator.compare(a.name, b.name));
}
