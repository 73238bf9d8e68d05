import { execute } from '@graphql-tools/executor';
import type { DocumentNode, ExecutionResult, FieldNode, GraphQLFieldResolver, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import { isAsyncIterable, mapAsyncIterator, type Plugin } from 'graphql-yoga';

type Executed = ExecutionResult | Promise<ExecutionResult>;
type SubscribeArgs = Parameters<Parameters<Parameters<NonNullable<Plugin['onSubscribe']>>[0]['setSubscribeFn']>[0]>[0];

/** The field every bulk of the sync protocol has: the probe selects it and nothing else. */
const PROBED_FIELD: FieldNode = { kind: 'Field' as FieldNode['kind'], name: { kind: 'Name' as FieldNode['name']['kind'], value: 'resync' } };

/** `operation` with `field`, its only root field, selecting PROBED_FIELD only. */
function probeDocument(operation: OperationDefinitionNode, field: FieldNode): DocumentNode {
  const kind: SelectionSetNode['kind'] = operation.selectionSet.kind;
  const selectionSet: SelectionSetNode = { kind, selections: [{ ...field, selectionSet: { kind, selections: [PROBED_FIELD] } }] };
  return { kind: 'Document' as DocumentNode['kind'], definitions: [{ ...operation, selectionSet }] };
}

/** A GraphQL output type as far as the check below looks at it (no graphql functions: see below). */
interface OutputType {
  ofType?: OutputType;
  getFields?: () => Record<string, { resolve?: unknown; type: OutputType }>;
  getTypes?: unknown;
  resolveType?: unknown;
}

/**
 * Whether every field under `type` takes its value from its parent object (the default resolver),
 * so that a result depends on the event alone and never on who subscribed. A resolver of its own
 * could read the viewer: such a stream is executed per subscriber.
 */
function resolvesFromEventAlone(type: OutputType, seen = new Set<OutputType>()): boolean {
  while (type.ofType) type = type.ofType;
  if (seen.has(type)) return true;
  seen.add(type);
  if (type.getTypes || type.resolveType) return false;
  return Object.values(type.getFields?.() ?? {}).every((field) => !field.resolve && resolvesFromEventAlone(field.type, seen));
}

function streamFieldOf(args: SubscribeArgs, streamFields: ReadonlySet<string>) {
  const document = args.document as DocumentNode;
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  const operation = args.operationName ? operations.find((o) => o.name?.value === args.operationName) : operations.length === 1 ? operations[0] : undefined;
  const [field, ...others] = operation?.operation === 'subscription' ? operation.selectionSet.selections : [];
  if (!operation || field?.kind !== 'Field' || others.length > 0 || !streamFields.has(field.name.value)) return null;
  let type = (args.schema as { getSubscriptionType(): OutputType | null }).getSubscriptionType()?.getFields?.()[field.name.value]?.type;
  while (type?.ofType) type = type.ofType;
  const probed = type?.getFields?.()[PROBED_FIELD.name.value];
  return type && probed && resolvesFromEventAlone(type) ? { operation, field } : null;
}

/**
 * Maps a stream event through a subscription's selection set once for every subscriber who gets
 * it. The stream hub hands subscribers who see the same changes one and the same bulk object
 * (sync/stream-hub.ts fanOut), and a bulk's fields resolve from the bulk alone (checked: a stream
 * whose types have resolvers of their own is left to yoga), so subscribers of the same operation
 * and variables get the same result: it is computed for the first and reused, keyed by the bulk
 * object, for the others. Executing it per subscriber was the stream cost that grew with the
 * number of signed-in attendants.
 *
 * yoga's own subscribe still opens every subscription (guards, errors, cancellation), with a probe
 * selection (`resync`) whose resolver hands over each event; the event is then executed with
 * yoga's executor. No graphql instance of our own is loaded: the module runner of the e2e server,
 * vitest and Node each resolve `graphql` to another copy, and only the one yoga built the schema
 * with accepts it.
 */
export function useSharedStreamEvents(streamFields: ReadonlySet<string>): Plugin {
  const executed = new WeakMap<object, Map<string, Executed>>();
  const probes = new WeakMap<OperationDefinitionNode, { id: number; document: DocumentNode }>();
  let probeCount = 0;

  const probeOf = (operation: OperationDefinitionNode, field: FieldNode) => {
    const known = probes.get(operation);
    if (known) return known;
    const probe = { id: probeCount++, document: probeDocument(operation, field) };
    probes.set(operation, probe);
    return probe;
  };

  const executeOnce = (event: object, key: string, args: SubscribeArgs): Executed => {
    let results = executed.get(event);
    if (!results) executed.set(event, (results = new Map()));
    let result = results.get(key);
    // No @defer or @stream in the schema: the result is a single one. Nor the first subscriber's
    // cancellation: the others share what it starts.
    if (!result) results.set(key, (result = execute({ ...args, rootValue: event, signal: undefined }) as Executed));
    return result;
  };

  return {
    onSubscribe: ({ args, subscribeFn, setSubscribeFn }) => {
      const stream = streamFieldOf(args, streamFields);
      if (!stream) return;
      setSubscribeFn(async (args: SubscribeArgs) => {
        const probe = probeOf(stream.operation, stream.field);
        const key = `${probe.id}:${JSON.stringify(args.variableValues ?? null)}`;
        const events: object[] = [];
        const handOver: GraphQLFieldResolver<Record<string, unknown>, unknown> = (bulk, _args, _context, info) => {
          events.push(bulk);
          return bulk[info.fieldName];
        };
        const probed: AsyncIterable<ExecutionResult> | ExecutionResult = await subscribeFn({ ...args, document: probe.document, operationName: undefined, fieldResolver: handOver });
        if (!isAsyncIterable(probed)) return probed;
        return mapAsyncIterator(probed, (result: ExecutionResult) => {
          const event = events.shift();
          return event && !result.errors ? executeOnce(event, key, args) : result;
        });
      });
    },
  };
}
