import { z } from 'zod';
import type { MessageTemplate } from '../../../shared/graphql/generated';
import type { RequestContext } from '../../graphql/context';
import { appError, validation } from '../../graphql/errors';
import { fieldTexts as t } from '../../texts';
import { publishTenantChange } from '../tenant-changes/tenant-changes';
import { templatesChannel } from './instance-events';
import { idInput } from './inputs';
import { channelsOf } from './instance-service';
import { instanceTexts } from './texts';

export const templateFields = z.object({
  identifier: z.string().trim().min(1, instanceTexts.templateIdentifierRequired).max(120, t.tooLong),
  value: z.string().trim().min(1, instanceTexts.templateValueRequired).max(4096, t.tooLong),
});
export const updateTemplateInput = templateFields.partial().extend({ id: idInput });

interface TemplateRow {
  id: number;
  identifier: string;
  value: string;
}

export const messageTemplatePayload = (row: TemplateRow): MessageTemplate => ({ id: String(row.id), identifier: row.identifier, value: row.value });

const templateNotFound = () => appError('NOT_FOUND', instanceTexts.templateNotFound, { status: 404 });

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

/**
 * SPEC §7 "message template updated": every signed-in user of the tenant refreshes the list (the
 * tenant change 'quick_answers' reaches the attendance screens and configs/quick-answers).
 */
async function announce(context: RequestContext, id: number): Promise<void> {
  const { pubsub } = channelsOf(context);
  await pubsub.publish(templatesChannel(context.tenant.id), { kind: 'message_template' });
  await publishTenantChange(pubsub, context.tenant.id, { kind: 'quick_answers', id });
}

async function write<T>(context: RequestContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw validation('identifier', instanceTexts.templateIdentifierTaken);
    throw error;
  }
}

export function listMessageTemplates(context: RequestContext): Promise<TemplateRow[]> {
  return context.database.withTenant(context.tenant.id, (tx) =>
    tx.selectFrom('message_templates').select(['id', 'identifier', 'value']).where('tenant_id', '=', context.tenant.id).orderBy('identifier').execute(),
  );
}

export async function createMessageTemplate(context: RequestContext, input: z.output<typeof templateFields>): Promise<TemplateRow> {
  const row = await write(context, () =>
    context.database.withTenant(context.tenant.id, (tx) =>
      tx
        .insertInto('message_templates')
        .values({ tenant_id: context.tenant.id, ...input })
        .returning(['id', 'identifier', 'value'])
        .executeTakeFirstOrThrow(),
    ),
  );
  await announce(context, row.id);
  return row;
}

export async function updateMessageTemplate(context: RequestContext, input: z.output<typeof updateTemplateInput>): Promise<TemplateRow> {
  const { id, ...fields } = input;
  const row = await write(context, () =>
    context.database.withTenant(context.tenant.id, (tx) =>
      tx
        .updateTable('message_templates')
        .set({ ...fields, updated_at: new Date() })
        .where('tenant_id', '=', context.tenant.id)
        .where('id', '=', id)
        .returning(['id', 'identifier', 'value'])
        .executeTakeFirst(),
    ),
  );
  if (!row) throw templateNotFound();
  await announce(context, row.id);
  return row;
}

export async function deleteMessageTemplate(context: RequestContext, id: number): Promise<void> {
  const result = await context.database.withTenant(context.tenant.id, (tx) =>
    tx.deleteFrom('message_templates').where('tenant_id', '=', context.tenant.id).where('id', '=', id).executeTakeFirst(),
  );
  if (result.numDeletedRows === 0n) throw templateNotFound();
  await announce(context, id);
}
