import type { Tx } from '../db/database';
import type { TemplateSend } from './channel';

/** Records what a template message asks the provider for; the same hash twice keeps the first. */
export async function saveTemplateSend(tx: Tx, tenantId: number, hash: string, template: TemplateSend): Promise<void> {
  await tx
    .insertInto('template_sends')
    .values({ tenant_id: tenantId, hash, name: template.name, language: template.language, components: JSON.stringify(template.components) })
    .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
    .execute();
}

export async function loadTemplateSend(tx: Tx, tenantId: number, hash: string): Promise<TemplateSend | null> {
  const row = await tx
    .selectFrom('template_sends')
    .select(['name', 'language', 'components'])
    .where('tenant_id', '=', tenantId)
    .where('hash', '=', hash)
    .executeTakeFirst();
  return row ? { name: row.name, language: row.language, components: row.components } : null;
}
