import type { RxJsonSchema } from 'rxdb';
import { epochMs, idField, text } from './fields';

/** A setting row (SPEC §3): per connection, or tenant-wide when instance_id is absent. */
export interface SettingDoc {
  id: string;
  instance_id?: string;
  key?: string;
  value?: string;
  updatedAt: number;
}

export const settingSchema: RxJsonSchema<SettingDoc> = {
  title: 'settings',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: idField, instance_id: text, key: text, value: text, updatedAt: epochMs },
  required: ['id', 'updatedAt'],
};

export const settingMigrations = {};
