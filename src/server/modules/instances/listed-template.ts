import type { Tx } from '../../db/database';

/**
 * The connection's synced copy of a Meta template (name + language), with its review status: what
 * every template send checks it is approved and renders its text from.
 */
export function findListedTemplate(tx: Tx, tenantId: number, instanceId: number, name: string, language: string) {
  return tx
    .selectFrom('whatsapp_templates')
    .select(['components', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .where('name', '=', name)
    .where('language', '=', language)
    .executeTakeFirst();
}
