import type { DefaultTimestamp, Defaulted, Id, NullableTimestamp } from './columns';

export interface PlatformSettingsTable {
  key: string;
  value: string;
  updated_at: DefaultTimestamp;
}

export interface FeaturesTable {
  tenant_id: number;
  id: Id;
  name: string;
  enabled: Defaulted<boolean>;
}

export interface SettingsTable {
  tenant_id: number;
  id: Id;
  instance_id: number | null;
  key: string;
  value: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** Set when removed: the row stays as the sync feed's tombstone (0002-sync.sql). */
  deleted_at: NullableTimestamp;
}

export interface SettingTables {
  platform_settings: PlatformSettingsTable;
  features: FeaturesTable;
  settings: SettingsTable;
}
