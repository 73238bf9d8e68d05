import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { ChannelServices } from '../../channels/channel-services';
import { channelInstanceIn } from '../../channels/instance-store';
import { GraphApiError } from '../../channels/cloud-api/graph-error';
import type { RequestContext } from '../../graphql/context';
import { appError, validation } from '../../graphql/errors';
import { setInstanceRouting } from './instance-departments';
import type { InstanceRow } from './instance-payload';
import { isMaskedToken, storedToken } from './instance-payload';
import type { createInstanceInput, updateInstanceInput } from './inputs';
import { instanceTexts } from './texts';

export const instanceNotFound = () => appError('NOT_FOUND', instanceTexts.notFound, { status: 404 });

export function channelsOf(context: RequestContext): ChannelServices {
  const channels = context.services.channels;
  if (!channels) throw new Error('channel services are not running');
  return channels;
}

export async function findInstance(context: RequestContext, id: number): Promise<InstanceRow> {
  const row = await context.database.withTenant(context.tenant.id, (tx) =>
    tx.selectFrom('instances').selectAll().where('tenant_id', '=', context.tenant.id).where('id', '=', id).executeTakeFirst(),
  );
  if (!row) throw instanceNotFound();
  return row;
}

/** A sandbox number in the 11 area code: 55 11 9 plus 8 digits, as a fresh mobile line. */
const sandboxPhone = (): string => `551190${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

export async function createInstance(context: RequestContext, input: z.output<typeof createInstanceInput>): Promise<InstanceRow> {
  const channel = input.channel ?? 'sandbox';
  const row = await context.database.withTenant(context.tenant.id, (tx) =>
    tx
      .insertInto('instances')
      .values({
        tenant_id: context.tenant.id,
        name: input.name,
        hub_host: input.hub_host ?? null,
        channel,
        is_official: channel === 'cloud-api',
        phone_number: input.phone_number || (channel === 'sandbox' ? sandboxPhone() : null),
        messaging_limit: channel === 'cloud-api' ? null : 'UNLIMITED',
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  await channelsOf(context).instanceChanged(context.tenant.id, row.id, false);
  return row;
}

export async function updateInstance(context: RequestContext, input: z.output<typeof updateInstanceInput>): Promise<InstanceRow> {
  const { id, official_token: token, dialog_params: params, default_department_id, department_ids, ...fields } = input;
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== null) changes[key] = value;
  // The edit form sends the masked token back when the user did not change it.
  if (token !== undefined && token !== null && !isMaskedToken(token)) changes.official_token = storedToken(context.services.secrets, token);
  if (params !== undefined && params !== null) changes.dialog_params = JSON.stringify(params);
  const tenantId = context.tenant.id;
  const row = await context.database.withTenant(tenantId, async (tx) => {
    const updated = await tx
      .updateTable('instances')
      .set({ ...changes, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return undefined;
    await setInstanceRouting(tx, tenantId, id, { defaultDepartmentId: default_department_id, departmentIds: department_ids });
    return tx.selectFrom('instances').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirstOrThrow();
  });
  if (!row) throw instanceNotFound();
  await channelsOf(context).instanceChanged(context.tenant.id, row.id, false);
  return row;
}

/** A connection with conversations is history the reports need: it cannot be deleted. */
export async function deleteInstance(context: RequestContext, id: number): Promise<void> {
  const tenantId = context.tenant.id;
  const outcome = await context.database.withTenant(tenantId, async (tx) => {
    const used = await tx
      .selectFrom('chat_tickets')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('instance_id', '=', id)
      .union(tx.selectFrom('customer_chats').select('id').where('tenant_id', '=', tenantId).where('instance_id', '=', id))
      .limit(1)
      .executeTakeFirst();
    if (used) return 'used' as const;
    const result = await tx.deleteFrom('instances').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n ? ('deleted' as const) : ('missing' as const);
  });
  if (outcome === 'missing') throw instanceNotFound();
  if (outcome === 'used') throw validation('id', instanceTexts.hasHistory);
  await channelsOf(context).instanceChanged(tenantId, id, false);
}

export interface IntegrationCheck {
  ok: boolean;
  message: string;
  display_phone_number: string | null;
  verified_name: string | null;
}

/** Asks Meta about the connection's number with its token: proof that sending will work. */
export async function checkIntegration(context: RequestContext, row: InstanceRow): Promise<IntegrationCheck> {
  const none = { display_phone_number: null, verified_name: null };
  if (row.channel !== 'cloud-api') return { ok: true, message: '', ...none };
  if (!row.official_phone_id || !row.official_token || !row.waba_id) return { ok: false, message: instanceTexts.cloudApiMissingFields, ...none };
  try {
    const info = await channelsOf(context).graph.phoneNumber(row.official_phone_id, row.official_token);
    return {
      ok: true,
      message: instanceTexts.cloudApiTokenOk,
      display_phone_number: info.display_phone_number ?? null,
      verified_name: info.verified_name ?? null,
    };
  } catch (error) {
    const unreachable = error instanceof GraphApiError && error.isTransient;
    return { ok: false, message: unreachable ? instanceTexts.cloudApiUnreachable : instanceTexts.cloudApiTokenInvalid, ...none };
  }
}

/** Brings a connection up: a sandbox at once, a Cloud API one only when Meta accepts its token. */
export async function connectInstance(context: RequestContext, row: InstanceRow): Promise<InstanceRow> {
  const check = await checkIntegration(context, row);
  if (!check.ok) throw validation('official_token', check.message);
  const channels = channelsOf(context);
  const tenantId = context.tenant.id;
  if (row.channel === 'sandbox') {
    const instance = await context.database.withTenant(tenantId, (tx) => channelInstanceIn(tx, tenantId, row.id));
    if (!instance) throw instanceNotFound();
    await channels.sandbox.setConnected(instance, true);
  } else {
    const digits = check.display_phone_number?.replace(/\D/g, '') || null;
    await context.database.withTenant(tenantId, (tx) =>
      tx
        .updateTable('instances')
        .set({ activated: true, reset_finished: true, phone_number: sql<string>`coalesce(${digits}, phone_number)`, updated_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', row.id)
        .execute(),
    );
    await channels.instanceChanged(tenantId, row.id, false);
  }
  return findInstance(context, row.id);
}
