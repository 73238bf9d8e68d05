import { attendanceResolvers } from '../modules/attendance/resolvers';
import { auditResolvers } from '../modules/audit/resolvers';
import { authResolvers } from '../modules/auth/resolvers';
import { campaignsResolvers } from '../modules/campaigns/resolvers';
import { contactsResolvers } from '../modules/contacts/resolvers';
import { crmResolvers } from '../modules/crm/resolvers';
import { departmentsResolvers } from '../modules/departments/resolvers';
import { flowsResolvers } from '../modules/flows/resolvers';
import { instancesResolvers } from '../modules/instances/resolvers';
import { knowledgeResolvers } from '../modules/knowledge/resolvers';
import { rolesResolvers } from '../modules/roles/resolvers';
import { schedulesResolvers } from '../modules/schedules/resolvers';
import { reportsResolvers } from '../modules/reports/resolvers';
import { settingsResolvers } from '../modules/settings/resolvers';
import { tenantChangesResolvers } from '../modules/tenant-changes/resolvers';
import { storeSettingsResolvers } from '../modules/store-settings/resolvers';
import { tenantsResolvers } from '../modules/tenants/resolvers';
import { usersResolvers } from '../modules/users/resolvers';
import { syncModules } from '../sync/modules';
import { baseResolvers } from './base-resolvers';
import type { ModuleResolvers } from './resolver-types';

/** Every module's resolvers, one line each; schema.ts merges them and guards every root field. */
export const moduleResolvers: readonly ModuleResolvers[] = [
  baseResolvers,
  tenantsResolvers,
  authResolvers,
  usersResolvers,
  departmentsResolvers,
  rolesResolvers,
  settingsResolvers,
  instancesResolvers,
  ...syncModules,
  attendanceResolvers,
  contactsResolvers,
  knowledgeResolvers,
  tenantChangesResolvers,
  storeSettingsResolvers,
  crmResolvers,
  schedulesResolvers,
  campaignsResolvers,
  flowsResolvers,
  reportsResolvers,
  auditResolvers,
];
