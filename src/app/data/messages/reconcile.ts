import { reconcileTemp } from '../../../shared/domain/messages';
import type { CustomerChatDoc, PedbotDatabase } from '../schema';
import { temporaryMessagesQuery } from '../queries/temporary-messages';

/**
 * Removes the temporary messages that confirmed ones replace (SPEC §4: by hash; if none, the
 * temporary ones of the same customer, connection and text).
 */

export async function reconcileConfirmed(db: PedbotDatabase, confirmed: readonly CustomerChatDoc[]): Promise<number> {
  const real = confirmed.filter((m) => !m.is_temp && m.hash);
  if (real.length === 0) return 0;
  const temps = (await temporaryMessagesQuery(db).exec()).map((d) => d.toJSON() as CustomerChatDoc);
  if (temps.length === 0) return 0;
  const doomed = new Set<string>();
  for (const message of real) {
    for (const temp of reconcileTemp(temps, message)) doomed.add(temp.id);
  }
  if (doomed.size === 0) return 0;
  await db.customerchats.bulkRemove([...doomed]);
  return doomed.size;
}

/** After a restart: temporary messages whose confirmed one is already stored. */
export async function reconcileStored(db: PedbotDatabase): Promise<number> {
  const temps = (await temporaryMessagesQuery(db).exec()).map((d) => d.toJSON() as CustomerChatDoc);
  if (temps.length === 0) return 0;
  // Hashes have no index (it cost every synced message a write): a confirmed copy is one of its
  // customer's messages on the same connection, read through the conversation index.
  const confirmed: CustomerChatDoc[] = [];
  const conversations = new Map(temps.map((t) => [`${t.customer_id}|${t.instance_id}`, t]));
  for (const { customer_id, instance_id } of conversations.values()) {
    const docs = await db.customerchats
      .find({ selector: { customer_id, instance_id, hash: { $in: temps.map((t) => t.hash) }, is_temp: false } })
      .exec();
    confirmed.push(...docs.map((d) => d.toJSON() as CustomerChatDoc));
  }
  return reconcileConfirmed(db, confirmed);
}
