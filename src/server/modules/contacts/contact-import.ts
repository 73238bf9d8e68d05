import { sql } from 'kysely';
import { z } from 'zod';
import { ImportDeduper, checkImportRow, importRowSchema, importTexts, type ImportRow } from '../../../shared/domain/contact-import';
import { brazilPhoneVariants } from '../../../shared/domain/phone';
import type { ContactImportResult } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import { contactTexts as texts } from './texts';

export const MAX_IMPORT_ROWS = 1000;
export const importInputSchema = z.object({ rows: z.array(importRowSchema).max(MAX_IMPORT_ROWS, texts.tooManyRows) });

/** The tenant's groups by lower-cased name; a name not yet there is created. */
async function groupIds(tx: Tx, tenantId: number, names: readonly string[]): Promise<Map<string, number>> {
  const firstSpelling = new Map<string, string>();
  for (const name of names) if (!firstSpelling.has(name.toLowerCase())) firstSpelling.set(name.toLowerCase(), name);
  const wanted = [...firstSpelling.entries()];
  const ids = new Map<string, number>();
  if (wanted.length === 0) return ids;
  const existing = await tx
    .selectFrom('customer_groups')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where(sql`lower(name)`, 'in', wanted.map(([key]) => key))
    .execute();
  for (const group of existing) ids.set(group.name.toLowerCase(), group.id);
  const missing = wanted.filter(([key]) => !ids.has(key));
  if (missing.length > 0) {
    const created = await tx
      .insertInto('customer_groups')
      .values(missing.map(([, name]) => ({ tenant_id: tenantId, name })))
      .onConflict((oc) => oc.columns(['tenant_id', 'name']).doUpdateSet({ name: (eb) => eb.ref('excluded.name') }))
      .returning(['id', 'name'])
      .execute();
    for (const group of created) ids.set(group.name.toLowerCase(), group.id);
  }
  return ids;
}

/**
 * Upserts one batch of CSV rows. Each row is checked again (the server decides); a phone already
 * stored under any of its forms (ninth digit both ways) updates that contact with the columns the
 * file filled, otherwise a contact is created. A phone repeated within the batch is refused.
 */
export async function importContacts(tx: Tx, tenantId: number, input: readonly z.infer<typeof importRowSchema>[]): Promise<ContactImportResult> {
  const skipped: ContactImportResult['skipped'] = [];
  const rows: ImportRow[] = [];
  const deduper = new ImportDeduper();
  for (const raw of input) {
    const { line, ...values } = raw;
    const check = checkImportRow(line, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? undefined])));
    if (!check.ok) {
      skipped.push({ line: check.line, reason: check.reason });
      continue;
    }
    const first = deduper.firstLineOf(check.row);
    if (first !== null) skipped.push({ line, reason: importTexts.duplicate(first) });
    else rows.push(check.row);
  }
  if (rows.length === 0) return { created: 0, updated: 0, skipped };

  const groups = await groupIds(
    tx,
    tenantId,
    rows.flatMap((row) => (row.group ? [row.group] : [])),
  );
  const allForms = rows.flatMap((row) => brazilPhoneVariants(row.phone_number));
  const stored = await tx
    .selectFrom('customers')
    .select(['id', 'phone_number'])
    .where('tenant_id', '=', tenantId)
    .where('phone_number', 'in', allForms)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const byPhone = new Map<string, number>();
  for (const row of stored) if (!byPhone.has(row.phone_number)) byPhone.set(row.phone_number, row.id);

  const fields = (row: ImportRow) => {
    const groupId = row.group ? groups.get(row.group.toLowerCase()) : undefined;
    return Object.fromEntries(
      Object.entries({
        name: row.name,
        document_register: row.document_register,
        address: row.address,
        open_field: row.open_field,
        group_of_customer_id: groupId,
      }).filter(([, value]) => value !== undefined),
    );
  };

  const fresh: ImportRow[] = [];
  let updated = 0;
  for (const row of rows) {
    const id = brazilPhoneVariants(row.phone_number)
      .map((form) => byPhone.get(form))
      .find((found) => found !== undefined);
    if (id === undefined) {
      fresh.push(row);
      continue;
    }
    const patch = fields(row);
    if (Object.keys(patch).length > 0) await tx.updateTable('customers').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    updated += 1;
  }
  if (fresh.length > 0) {
    await tx
      .insertInto('customers')
      .values(fresh.map((row) => ({ tenant_id: tenantId, phone_number: row.phone_number, ...fields(row) })))
      .execute();
  }
  return { created: fresh.length, updated, skipped };
}
