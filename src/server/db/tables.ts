import type { AttendanceTables } from './schema/attendance';
import type { AuthTables } from './schema/auth';
import type { ChannelTables } from './schema/channels';
import type { CrmTables } from './schema/crm';
import type { FlowTables } from './schema/flows';
import type { InstanceTables } from './schema/instances';
import type { KnowledgeTables } from './schema/knowledge';
import type { ReportTables } from './schema/reports';
import type { SettingTables } from './schema/settings';
import type { StoreSettingTables } from './schema/store-settings';
import type { SyncTables } from './schema/sync';

/** Every table Kysely knows, merged from one interface per domain area (db/schema/). */
export interface Tables
  extends AuthTables,
    InstanceTables,
    SettingTables,
    SyncTables,
    ChannelTables,
    AttendanceTables,
    KnowledgeTables,
    StoreSettingTables,
    CrmTables,
    FlowTables,
    ReportTables {}
