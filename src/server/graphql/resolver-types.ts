import type { GraphQLResolveInfo } from 'graphql';
import type {
  Mutation,
  MutationFieldArgs,
  NoArgs,
  Query,
  QueryFieldArgs,
  Subscription,
  SubscriptionFieldArgs,
} from '../../shared/graphql/generated';
import type { RequestContext } from './context';

export type Resolver<Result, Args = NoArgs, Parent = unknown> = (
  parent: Parent,
  args: Args,
  context: RequestContext,
  info: GraphQLResolveInfo,
) => Result | Promise<Result>;

export interface SubscriptionResolver<Result, Args = NoArgs, Payload = unknown> {
  subscribe: (
    parent: unknown,
    args: Args,
    context: RequestContext,
    info: GraphQLResolveInfo,
  ) => AsyncIterable<Payload> | Promise<AsyncIterable<Payload>>;
  resolve?: (payload: Payload, args: Args, context: RequestContext, info: GraphQLResolveInfo) => Result | Promise<Result>;
}

/** The resolver of one root field, typed from the generated schema types: `QueryResolver<'userInfos'>`. */
export type QueryResolver<K extends keyof Query> = Resolver<Query[K], QueryFieldArgs[K]>;
export type MutationResolver<K extends keyof Mutation> = Resolver<Mutation[K], MutationFieldArgs[K]>;
export type SubscriptionFieldResolver<K extends keyof Subscription, Payload = unknown> = SubscriptionResolver<
  Subscription[K],
  SubscriptionFieldArgs[K],
  Payload
>;

/** What a module registers in graphql/resolvers.ts. */
export interface ModuleResolvers {
  Query?: { [K in keyof Query]?: QueryResolver<K> };
  Mutation?: { [K in keyof Mutation]?: MutationResolver<K> };
  Subscription?: { [K in keyof Subscription]?: SubscriptionFieldResolver<K> };
  /** Field resolvers of object types and custom scalars, keyed by type name (e.g. `ChatTicket`). */
  types?: Record<string, object>;
}
