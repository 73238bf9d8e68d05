import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import type { ChannelInstance, TemplateStatusUpdate } from '../channel';
import type { GraphClient, GraphTemplate } from './graph-client';

export interface WhatsappTemplateRow {
  id: number;
  instance_id: number;
  provider_id: string;
  name: string;
  language: string;
  status: string;
  category: string | null;
  parameter_format: string | null;
  components: unknown[];
  reason: string | null;
  updated_at: Date;
}

/** The connection's Business account and token, or why templates cannot be reached. */
export type TemplateAccess = { wabaId: string; token: string };

async function upsert(tx: Tx, instance: ChannelInstance, template: GraphTemplate): Promise<void> {
  await tx
    .insertInto('whatsapp_templates')
    .values({
      tenant_id: instance.tenantId,
      instance_id: instance.id,
      provider_id: template.id,
      name: template.name,
      language: template.language,
      status: template.status,
      category: template.category ?? null,
      parameter_format: template.parameter_format ?? null,
      components: JSON.stringify(template.components),
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'instance_id', 'provider_id']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        language: eb.ref('excluded.language'),
        status: eb.ref('excluded.status'),
        category: eb.ref('excluded.category'),
        parameter_format: eb.ref('excluded.parameter_format'),
        components: eb.ref('excluded.components'),
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

/**
 * Cloud API message templates of a connection's WhatsApp Business account: read from Meta and
 * kept in `whatsapp_templates` so the list opens without Meta, and the status webhook updates it.
 */
export class TemplateStore {
  constructor(
    private readonly database: Database,
    private readonly graph: GraphClient,
    private readonly onChanged: (instance: ChannelInstance) => Promise<void>,
  ) {}

  /** Reads every template from Meta into the local copy; templates Meta no longer has are removed. */
  async refresh(instance: ChannelInstance, access: TemplateAccess): Promise<void> {
    const templates = await this.graph.listTemplates(access.wabaId, access.token);
    await this.database.withTenant(instance.tenantId, async (tx) => {
      for (const template of templates) await upsert(tx, instance, template);
      let gone = tx.deleteFrom('whatsapp_templates').where('tenant_id', '=', instance.tenantId).where('instance_id', '=', instance.id);
      if (templates.length > 0) gone = gone.where('provider_id', 'not in', templates.map((t) => t.id));
      await gone.execute();
    });
  }

  list(instance: ChannelInstance, status: string | null): Promise<WhatsappTemplateRow[]> {
    return this.database.withTenant(instance.tenantId, (tx) => {
      let query = tx
        .selectFrom('whatsapp_templates')
        .select(['id', 'instance_id', 'provider_id', 'name', 'language', 'status', 'category', 'parameter_format', 'components', 'reason', 'updated_at'])
        .where('tenant_id', '=', instance.tenantId)
        .where('instance_id', '=', instance.id);
      // PENDING and SUBMITTED both read 'Pendente' (SPEC §9): one filter finds both.
      if (status) query = query.where('status', 'in', status === 'PENDING' || status === 'SUBMITTED' ? ['PENDING', 'SUBMITTED'] : [status]);
      return query.orderBy('id', 'desc').execute();
    });
  }

  /** Submits a template for review; it is stored as Meta answered (PENDING). */
  async create(instance: ChannelInstance, access: TemplateAccess, template: Omit<GraphTemplate, 'id' | 'status'>): Promise<WhatsappTemplateRow> {
    const created = await this.graph.createTemplate(access.wabaId, access.token, template);
    const row = await this.database.withTenant(instance.tenantId, async (tx) => {
      await upsert(tx, instance, { ...template, id: created.id, status: created.status, category: created.category ?? template.category });
      return tx
        .selectFrom('whatsapp_templates')
        .selectAll()
        .where('tenant_id', '=', instance.tenantId)
        .where('instance_id', '=', instance.id)
        .where('provider_id', '=', created.id)
        .executeTakeFirstOrThrow();
    });
    await this.onChanged(instance);
    return row;
  }

  /**
   * Meta's `message_template_status_update` webhook: the status of the tenant's copies of that
   * template (every connection of the same Business account) changes; unknown templates are
   * picked up by the next refresh.
   */
  async applyStatusUpdates(instance: ChannelInstance, updates: Array<TemplateStatusUpdate & { wabaId: string }>): Promise<void> {
    let changed = 0;
    await this.database.withTenant(instance.tenantId, async (tx) => {
      for (const update of updates) {
        const result = await tx
          .updateTable('whatsapp_templates')
          .set({ status: update.status, reason: update.reason, updated_at: new Date() })
          .where('tenant_id', '=', instance.tenantId)
          .where('provider_id', '=', update.templateId)
          .where('instance_id', 'in', (eb) =>
            eb.selectFrom('instances').select('id').where('tenant_id', '=', instance.tenantId).where('waba_id', '=', update.wabaId),
          )
          .executeTakeFirst();
        changed += Number(result.numUpdatedRows);
      }
    });
    if (changed > 0) await this.onChanged(instance);
  }
}
