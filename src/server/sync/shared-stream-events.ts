import { createRequire } from 'node:module';
import type * as Graphql from 'graphql';
import type { ExecutionArgs, ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { syncResolvers } from './resolvers';

/**
 * graphql as Node resolves it, the copy yoga built the schema with: a bundler resolving with the
 * development condition (vitest) would load a second copy, whose functions refuse that schema.
 */
const { createSourceEventStream, executeSubscriptionEvent, getOperationAST, mapSourceToResponseEvent, validateSubscriptionArgs } = createRequire(import.meta.url)(
  'graphql',
) as typeof Graphql;

type Executed = ExecutionResult | Promise<ExecutionResult>;

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/**
 * The stream hub hands subscribers who see the same changes one and the same bulk (stream-hub.ts
 * fanOut). Mapping that bulk through a subscription's selection set gives the same result for
 * every subscriber with the same operation and variables (the documents' fields resolve from the
 * bulk alone), so it is executed once per bulk and operation, and every subscriber's frame is
 * built from that one result. Executing it per subscriber was the cost that grew with the number
 * of signed-in attendants (issue 4 benchmark).
 */
/** The sync engine's stream subscriptions (streamCustomerChat, …). */
export const syncStreamFields: ReadonlySet<string> = new Set(Object.keys(syncResolvers.Subscription ?? {}));

export function useSharedStreamEvents(streamFields: ReadonlySet<string>): Plugin {
  const executed = new WeakMap<object, Map<string, Executed>>();
  const operationIds = new WeakMap<object, number>();
  let nextOperationId = 0;

  const subscribe = async (args: ExecutionArgs) => {
    const validated = validateSubscriptionArgs(args);
    if (!('schema' in validated)) return { errors: validated };
    const source = await createSourceEventStream(validated);
    if (!isAsyncIterable(source)) return source;
    let operationId = operationIds.get(validated.operation);
    if (operationId === undefined) operationIds.set(validated.operation, (operationId = nextOperationId++));
    const key = `${operationId}:${JSON.stringify(args.variableValues ?? null)}`;
    return mapSourceToResponseEvent(validated, source, (event) => {
      const payload = event.rootValue;
      if (typeof payload !== 'object' || payload === null) return executeSubscriptionEvent(event);
      const results = executed.get(payload) ?? new Map<string, Executed>();
      executed.set(payload, results);
      let result = results.get(key);
      if (!result) results.set(key, (result = executeSubscriptionEvent(event)));
      return result;
    });
  };

  return {
    onSubscribe: ({ args, setSubscribeFn }) => {
      const operation = getOperationAST(args.document, args.operationName);
      const field = operation?.selectionSet.selections[0];
      if (operation?.selectionSet.selections.length === 1 && field?.kind === 'Field' && streamFields.has(field.name.value)) setSubscribeFn(subscribe);
    },
  };
}
