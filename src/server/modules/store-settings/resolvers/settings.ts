import type { SettingValue } from '../../../../shared/graphql/generated';
import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver, QueryResolver } from '../../../graphql/resolver-types';
import { validation } from '../../../graphql/errors';
import { parseInput } from '../../../graphql/validation';
import { syncServicesOf } from '../../../sync/access';
import { transactWithChanges } from '../../../sync/changes';
import { announce } from '../announce';
import { readSettingRows, writeSettingRows, type SettingRow } from '../setting-rows';
import { checkedWrites, definitionsFor, saveSettingsInput, settingValuesInput } from '../settings-input';
import { storeSettingsTexts as texts } from '../texts';

const payload = (row: SettingRow): SettingValue => ({
  key: row.key,
  instance_id: row.instance_id === null ? null : String(row.instance_id),
  value: row.value,
  updated_at: row.updated_at.toISOString(),
});

export const settingValues: QueryResolver<'settingValues'> = async (_parent, args, context) => {
  const viewer = requireViewer(context);
  const { keys } = parseInput(settingValuesInput, args);
  const definitions = definitionsFor(viewer, keys);
  const rows = await context.database.withTenant(context.tenant.id, (tx) =>
    readSettingRows(
      tx,
      context.tenant.id,
      definitions.map((d) => d.key),
    ),
  );
  return rows.map(payload);
};

/** saveSettings: the catalogue's checks, one transaction, replicated to the consoles, announced as 'settings'. */
export const saveSettings: MutationResolver<'saveSettings'> = async (_parent, args, context) => {
  const viewer = requireViewer(context);
  const input = parseInput(saveSettingsInput, args);
  const writes = checkedWrites(viewer, input);
  const tenantId = context.tenant.id;
  const instanceId = input.instance_id ?? null;
  const rows = await transactWithChanges(context.database, syncServicesOf(context).pubsub, tenantId, async (tx, changes) => {
    if (instanceId !== null) {
      const instance = await tx.selectFrom('instances').select('id').where('tenant_id', '=', tenantId).where('id', '=', instanceId).executeTakeFirst();
      if (!instance) throw validation('instance_id', texts.instanceNotFound);
    }
    await writeSettingRows(tx, changes, tenantId, instanceId, writes);
    return readSettingRows(
      tx,
      tenantId,
      writes.map((w) => w.definition.key),
    );
  });
  await announce(context, 'settings');
  return rows.filter((row) => row.instance_id === instanceId).map(payload);
};
