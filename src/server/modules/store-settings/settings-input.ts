import { z } from 'zod';
import { SETTING_DEFINITIONS, settingDefinition, settingTexts, settingValueError, type SettingDefinition } from '../../../shared/domain/setting-keys';
import type { Viewer } from '../../graphql/context';
import { forbidden, validation } from '../../graphql/errors';
import { rowId } from '../../sync/access';
import { fieldTexts as t } from '../../texts';
import { canOpen } from './access';

export const settingValuesInput = z.object({ keys: z.array(z.string().trim().max(100, t.tooLong)).max(100).nullish() });

export const saveSettingsInput = z.object({
  instance_id: rowId.nullish(),
  values: z
    .array(z.object({ key: z.string().trim().max(100, t.tooLong), value: z.string().max(4000, t.tooLong).nullish() }))
    .min(1)
    .max(50),
});

/** The catalogue entries of `keys` (all the viewer may edit when omitted); an unknown key or a screen the role cannot open is refused. */
export function definitionsFor(viewer: Viewer, keys: readonly string[] | null | undefined): SettingDefinition[] {
  if (!keys) return SETTING_DEFINITIONS.filter((d) => canOpen(viewer, d.route));
  return keys.map((key, index) => {
    const definition = settingDefinition(key);
    if (!definition) throw validation(`keys.${index}`, settingTexts.unknownKey);
    if (!canOpen(viewer, definition.route)) throw forbidden();
    return definition;
  });
}

/** Checks each value against its key's input (setting-keys.ts); the first problem is the error. */
export function checkedWrites(viewer: Viewer, input: z.output<typeof saveSettingsInput>) {
  const perConnection = input.instance_id != null;
  return input.values.map(({ key, value }, index) => {
    const definition = settingDefinition(key);
    if (!definition) throw validation(`values.${index}.key`, settingTexts.unknownKey);
    if (!canOpen(viewer, definition.route)) throw forbidden();
    if (perConnection && !definition.perConnection) throw validation(`values.${index}.key`, settingTexts.notPerConnection);
    const trimmed = value == null ? null : value.trim();
    const error = trimmed === null ? null : settingValueError(definition, trimmed);
    if (error) throw validation(`values.${index}.value`, error);
    return { definition, value: trimmed };
  });
}
