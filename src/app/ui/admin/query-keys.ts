/**
 * A query key is `[kind, ...details]`: the kind is the thing the data is about, the same word the
 * server's `tenantChanges { kind id }` uses (src/shared/domain/tenant-changes.ts), so a change of
 * that kind invalidates every query that shows it. Details are the operation and its variables.
 *
 *   adminKey('users', 'list', { search })      // ['users', 'list', { search }]
 *   adminKey('user-departments', 'list')
 */
export type AdminQueryKey = readonly [kind: string, ...details: unknown[]];

export const adminKey = (kind: string, ...details: unknown[]): AdminQueryKey => [kind, ...details];
