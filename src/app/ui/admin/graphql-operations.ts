import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { gqlRequest } from '../../api/graphql-client';
import type { AdminQueryKey } from './query-keys';

/**
 * A GraphQL document with its result and variables types (from src/shared/graphql/generated.ts),
 * declared once per operation, next to the screen's api file:
 *
 *   export const USERS = gqlOperation<{ users: User[] }, QueryUsersArgs>(`query Users($search: String) { users(search: $search) { id name } }`);
 */
export interface GqlOperation<TData, TVariables> {
  readonly document: string;
  /** Types only: never read. */
  readonly types?: { data: TData; variables: TVariables };
}

export const gqlOperation = <TData, TVariables = Record<string, never>>(document: string): GqlOperation<TData, TVariables> => ({
  document,
});

/** The tenant of the current address (every signed-in page sits under /$tenant). */
export function useTenant(): string {
  const { tenant } = useParams({ strict: false }) as { tenant?: string };
  if (!tenant) throw new Error('useTenant outside /$tenant');
  return tenant;
}

/** Runs one operation through the app's client (token refresh, 401s, the catalogue's errors). */
export function runGql<TData, TVariables>(
  tenant: string,
  operation: GqlOperation<TData, TVariables>,
  variables: TVariables,
  options: { notify?: boolean; signal?: AbortSignal } = {},
): Promise<TData> {
  return gqlRequest<TData>(operation.document, (variables ?? {}) as Record<string, unknown>, { tenant, ...options });
}

export interface GqlQueryOptions<TData, TVariables, TResult> {
  /** `[kind, ...details]` (query-keys.ts): the variables are added to it. */
  key: AdminQueryKey;
  variables?: TVariables;
  select?: (data: TData) => TResult;
  enabled?: boolean;
  /** Server paging: the previous page stays on screen while the next one loads. */
  keepPrevious?: boolean;
}

/**
 * A read of an admin screen. Failures are not notified: the screen shows them in place with a
 * retry (AdminTable's error state, or ErrorState), as SPEC §8's texts.
 *
 *   const users = useGqlQuery(USERS, { key: adminKey('users', 'list'), variables: { search }, select: (d) => d.users });
 */
export function useGqlQuery<TData, TVariables, TResult = TData>(
  operation: GqlOperation<TData, TVariables>,
  options: GqlQueryOptions<TData, TVariables, TResult>,
): UseQueryResult<TResult> {
  const tenant = useTenant();
  return useQuery({
    queryKey: [...options.key, tenant, options.variables ?? null],
    queryFn: ({ signal }) => runGql(tenant, operation, options.variables as TVariables, { notify: false, signal }),
    select: options.select,
    enabled: options.enabled,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}

export interface GqlMutationOptions<TData, TVariables> {
  /** Kinds whose queries are read again after success (the socket's tenant change also does it, later). */
  invalidates?: readonly string[];
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** Default true: the catalogue's notification (SPEC §8) on failure. */
  notify?: boolean;
}

/**
 * A change made from an admin screen: pending state in `isPending`, the catalogue's notification
 * on failure, and the given kinds read again on success.
 *
 *   const remove = useGqlMutation(DELETE_USER, { invalidates: ['users'] });
 *   remove.mutate({ id });
 */
export function useGqlMutation<TData, TVariables>(
  operation: GqlOperation<TData, TVariables>,
  options: GqlMutationOptions<TData, TVariables> = {},
): UseMutationResult<TData, unknown, TVariables> {
  const tenant = useTenant();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => runGql(tenant, operation, variables, { notify: options.notify ?? true }),
    onSuccess: async (data, variables) => {
      options.onSuccess?.(data, variables);
      await Promise.all((options.invalidates ?? []).map((kind) => client.invalidateQueries({ queryKey: [kind] })));
    },
  });
}
