import type * as Graphql from 'graphql';
import type { DefinitionNode, ExecutionArgs, ExecutionResult, OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { syncResolvers } from './resolvers';

let nativeGraphql: Promise<typeof Graphql> | null = null;

/**
 * graphql as Node itself loads it, the instance yoga built the schema with. A test runner that
 * transforms this file gives its imports a copy of their own, whose functions refuse that schema.
 */
const graphqlOfYoga = () => (nativeGraphql ??= import(/* @vite-ignore */ import.meta.resolve('graphql')) as Promise<typeof Graphql>);

type Executed = ExecutionResult | Promise<ExecutionResult>;

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** The sync engine's stream subscriptions (streamCustomerChat, …). */
export const syncStreamFields: ReadonlySet<string> = new Set(Object.keys(syncResolvers.Subscription ?? {}));

/**
 * The stream hub hands subscribers who see the same changes one and the same bulk (stream-hub.ts
 * fanOut). Mapping that bulk through a subscription's selection set gives the same result for
 * every subscriber with the same operation and variables (the documents' fields resolve from the
 * bulk alone), so it is executed once per bulk and operation, and every subscriber's frame is
 * built from that one result. Executing it per subscriber was the cost that grew with the number
 * of signed-in attendants (issue 4 benchmark).
 */
export function useSharedStreamEvents(streamFields: ReadonlySet<string>): Plugin {
  const executed = new WeakMap<object, Map<string, Executed>>();
  const operationIds = new WeakMap<object, number>();
  let nextOperationId = 0;

  const subscribe = async (args: ExecutionArgs) => {
    const { createSourceEventStream, executeSubscriptionEvent, mapSourceToResponseEvent, validateSubscriptionArgs } = await graphqlOfYoga();
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
      const operation = args.document.definitions.find(
        (d: DefinitionNode): d is OperationDefinitionNode => d.kind === 'OperationDefinition' && (!args.operationName || d.name?.value === args.operationName),
      );
      const field = operation?.selectionSet.selections[0];
      if (operation?.selectionSet.selections.length === 1 && field?.kind === 'Field' && streamFields.has(field.name.value)) setSubscribeFn(subscribe);
    },
  };
}
