import { attendanceResolvers } from '../modules/attendance/resolvers';
import { auditResolvers } from '../modules/audit/resolvers';
import { authResolvers } from '../modules/auth/resolvers';
import { instancesResolvers } from '../modules/instances/resolvers';
import { reportsResolvers } from '../modules/reports/resolvers';
import { settingsResolvers } from '../modules/settings/resolvers';
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
  settingsResolvers,
  instancesResolvers,
  ...syncModules,
  attendanceResolvers,
  reportsResolvers,
  auditResolvers,
];
