import type { GraphQLSchema } from 'graphql';
import { createSchema } from 'graphql-yoga';
import type { RequestContext } from './context';
import { toPublicError } from './errors';
import { assertSafeInput, assertStorableInput } from './input-guard';
import { moduleResolvers } from './resolvers';
import type { ModuleResolvers } from './resolver-types';
import { readSdl } from './sdl';

type AnyFn = (parent: unknown, args: Record<string, unknown>, context: RequestContext, info: unknown) => unknown;
type ResolverMap = Record<string, Record<string, unknown>>;

/**
 * Every root field passes through here: its input is checked for forbidden text first (ATTACK), and
 * whatever it throws leaves as a public error of SPEC §8 (errors.ts); the rest is masked by yoga.
 */
function guard(fn: AnyFn): AnyFn {
  return async (parent, args, context, info) => {
    assertStorableInput(args);
    assertSafeInput(args);
    try {
      return await fn(parent, args, context, info);
    } catch (error) {
      throw toPublicError(error) ?? error;
    }
  };
}

function guardIterable(fn: AnyFn): AnyFn {
  return (parent, args, context, info) => {
    assertStorableInput(args);
    assertSafeInput(args);
    return fn(parent, args, context, info);
  };
}

function add(target: ResolverMap, typeName: string, fields: object): void {
  const existing = (target[typeName] ??= {});
  for (const [field, resolver] of Object.entries(fields)) {
    if (field in existing) throw new Error(`${typeName}.${field} is resolved by two modules`);
    existing[field] = resolver;
  }
}

/** Merges the modules' resolvers into one map, wrapping root fields with the input guard. */
export function mergeResolvers(modules: readonly ModuleResolvers[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const module of modules) {
    const roots = { Query: module.Query ?? {}, Mutation: module.Mutation ?? {} };
    for (const [typeName, fields] of Object.entries(roots)) {
      const wrapped = Object.fromEntries(Object.entries(fields).map(([name, fn]) => [name, guard(fn as AnyFn)]));
      add(merged, typeName, wrapped);
    }
    const subscriptions = Object.entries(module.Subscription ?? {}).map(([name, resolver]) => [
      name,
      { ...resolver, subscribe: guardIterable(resolver.subscribe as AnyFn) },
    ]);
    add(merged, 'Subscription', Object.fromEntries(subscriptions));
    for (const [typeName, fields] of Object.entries(module.types ?? {})) {
      // A custom scalar (GraphQLScalarType) is registered whole, field maps field by field.
      if (Object.getPrototypeOf(fields) === Object.prototype) add(merged, typeName, fields);
      else if (typeName in merged) throw new Error(`${typeName} is resolved by two modules`);
      else merged[typeName] = fields as Record<string, unknown>;
    }
  }
  return merged;
}

/** The executable schema: every SDL file of src/shared/graphql and every registered module. */
export function buildSchema(modules: readonly ModuleResolvers[] = moduleResolvers): GraphQLSchema {
  return createSchema<RequestContext>({ typeDefs: readSdl(), resolvers: mergeResolvers(modules) });
}
