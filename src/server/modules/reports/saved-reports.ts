import type { Database } from '../../db/database';
import { appError } from '../../graphql/errors';
import { reportTexts as texts } from './texts';

const toSaved = (r: { id: number; name: string; definition: string; updated_at: Date }) => ({
  id: String(r.id),
  name: r.name,
  definition: r.definition,
  updated_at: new Date(r.updated_at).toISOString(),
});

export async function listSavedReports(database: Database, tenantId: number) {
  const rows = await database.withTenant(tenantId, (tx) =>
    tx.selectFrom('saved_reports').select(['id', 'name', 'definition', 'updated_at']).where('tenant_id', '=', tenantId).orderBy('name').execute(),
  );
  return rows.map(toSaved);
}

/** Saving under an existing name replaces that report (the builder's "Salvar" keeps one per name). */
export async function saveReport(database: Database, tenantId: number, userId: number, name: string, definition: string) {
  const row = await database.withTenant(tenantId, (tx) =>
    tx
      .insertInto('saved_reports')
      .values({ tenant_id: tenantId, name, definition, created_by: userId })
      .onConflict((oc) => oc.columns(['tenant_id', 'name']).doUpdateSet({ definition, updated_at: new Date() }))
      .returning(['id', 'name', 'definition', 'updated_at'])
      .executeTakeFirstOrThrow(),
  );
  return toSaved(row);
}

export async function deleteSavedReport(database: Database, tenantId: number, id: number): Promise<void> {
  const deleted = await database.withTenant(tenantId, (tx) =>
    tx.deleteFrom('saved_reports').where('tenant_id', '=', tenantId).where('id', '=', id).returning('id').executeTakeFirst(),
  );
  if (!deleted) throw appError('NOT_FOUND', texts.reportNotFound);
}
