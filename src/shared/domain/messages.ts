import type { Flag, RecordId } from './record';
import { isSet, sameId } from './record';

/** Message rules of SPEC §4, §5: acks, temporary-message reconciliation, unseen counter, search. */

export const ACK = { failed: -1, waiting: 0, sent: 1, delivered: 2, read: 3 } as const;

export type Ack = (typeof ACK)[keyof typeof ACK];

export const ACK_LABELS: Readonly<Record<Ack, string>> = {
  [ACK.failed]: 'falhou',
  [ACK.waiting]: 'aguardando conexão',
  [ACK.sent]: 'enviada',
  [ACK.delivered]: 'entregue',
  [ACK.read]: 'lida',
};

export const isAck = (value: unknown): value is Ack => Object.values(ACK).includes(value as Ack);

export const ackLabel = (ack: number | null | undefined): string => (isAck(ack) ? ACK_LABELS[ack] : '');

/**
 * Statuses arrive out of order and more than once, so an ack only moves forward:
 * waiting < sent < delivered < read. A failure replaces waiting or sent, but not delivered or read
 * (a late 'failed' cannot undo a proven delivery). Failed is terminal except that a later
 * delivered or read proves the message got there after all, and wins. An unknown incoming value
 * changes nothing; an unknown current one counts as waiting.
 */
export function advanceAck(current: number | null | undefined, incoming: number | null | undefined): Ack {
  const from: Ack = isAck(current) ? current : ACK.waiting;
  if (!isAck(incoming)) return from;
  if (incoming === ACK.failed) return from === ACK.delivered || from === ACK.read ? from : ACK.failed;
  if (from === ACK.failed) return incoming === ACK.delivered || incoming === ACK.read ? incoming : ACK.failed;
  return incoming > from ? incoming : from;
}

/**
 * A provider status (the Cloud API's statuses[].status) as an ack; a voice note's 'played'
 * implies it was read. Anything else is not an ack change.
 */
export function ackFromProviderStatus(status: string | null | undefined): Ack | null {
  switch (status?.trim().toLowerCase()) {
    case 'sent':
      return ACK.sent;
    case 'delivered':
      return ACK.delivered;
    case 'read':
    case 'played':
      return ACK.read;
    case 'failed':
      return ACK.failed;
    default:
      return null;
  }
}

/** The CustomerChat fields that reconciliation and search read. */
export interface MessageLike {
  id: RecordId;
  hash?: string | null;
  is_temp?: Flag;
  customer_id: RecordId;
  instance_id?: RecordId | null;
  message?: string | null;
  caption?: string | null;
  document_name?: string | null;
}

/** Connections compare like ids, except that two messages without one are on the same (none). */
const sameConnection = (a: RecordId | null | undefined, b: RecordId | null | undefined): boolean =>
  ((a === null || a === undefined) && (b === null || b === undefined)) || sameId(a, b);

const sameText = (a: string | null | undefined, b: string | null | undefined): boolean =>
  (a ?? '').trim() === (b ?? '').trim();

/**
 * The temporary messages that a confirmed message replaces (SPEC §4): those with its hash; if none
 * has it, the temporary ones with the same customer, connection and text. That fallback skips a
 * temporary message whose own hash differs from the confirmed one's: two hashes prove two
 * different sends (the same "ok" typed twice), and the other one will be confirmed by its own hash.
 */
export function reconcileTemp<T extends MessageLike>(localMessages: readonly T[], confirmed: MessageLike): T[] {
  const temporary = localMessages.filter((m) => isSet(m.is_temp) && !sameId(m.id, confirmed.id));
  if (confirmed.hash) {
    const byHash = temporary.filter((m) => m.hash === confirmed.hash);
    if (byHash.length > 0) return byHash;
  }
  return temporary.filter(
    (m) =>
      (!m.hash || !confirmed.hash) &&
      sameId(m.customer_id, confirmed.customer_id) &&
      sameConnection(m.instance_id, confirmed.instance_id) &&
      sameText(m.message, confirmed.message),
  );
}

/** The unseen counter: back to 0 while the ticket is on screen, +1 per incoming message otherwise. */
export function nextUnseen(current: number | null | undefined, incoming: boolean, isViewing: boolean): number {
  if (isViewing) return 0;
  const count = typeof current === 'number' && Number.isFinite(current) && current > 0 ? Math.floor(current) : 0;
  return incoming ? count + 1 : count;
}

/**
 * Whether a ticket's last message time and preview should take the new message: only if it is not
 * older than the stored one (equal times do update, so the later-arriving preview wins).
 */
export function shouldUpdateLastMessage(
  storedTime: number | null | undefined,
  newTime: number | null | undefined,
): boolean {
  if (typeof newTime !== 'number' || !Number.isFinite(newTime)) return false;
  if (typeof storedTime !== 'number' || !Number.isFinite(storedTime)) return true;
  return newTime >= storedTime;
}

const hexByte = (byte: number): string => byte.toString(16).padStart(2, '0');

/** crypto.randomUUID exists only in secure contexts; getRandomValues also works on plain http. */
function randomUuid(): string {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, hexByte).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The client-made hash of an outgoing message; the server is idempotent on it (DESIGN §4). */
export const newMessageHash = (generate: () => string = randomUuid): string => generate();

/** Lower case without accents, so 'Promoção' is found by 'promocao'. */
export const foldForSearch = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export interface MessageSearchScope {
  customer_id: RecordId;
  instance_id: RecordId | null | undefined;
}

/**
 * Local search (SPEC §5): messages of one customer on one connection whose text, caption or
 * document name contains the query, ignoring case and accents; input order kept. A blank query
 * finds nothing.
 */
export function searchMessages<T extends MessageLike>(
  messages: readonly T[],
  query: string,
  scope: MessageSearchScope,
): T[] {
  const needle = foldForSearch(query.trim());
  if (needle === '') return [];
  return messages.filter(
    (m) =>
      sameId(m.customer_id, scope.customer_id) &&
      sameConnection(m.instance_id, scope.instance_id) &&
      [m.message, m.caption, m.document_name].some((text) => !!text && foldForSearch(text).includes(needle)),
  );
}
