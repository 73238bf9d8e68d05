import type { DefaultTimestamp, Defaulted, Id } from './columns';

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
}

export interface SettingTables {
  platform_settings: PlatformSettingsTable;
  features: FeaturesTable;
  settings: SettingsTable;
}
