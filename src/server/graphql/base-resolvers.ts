import type { ModuleResolvers } from './resolver-types';

/** The roots' liveness fields (base.graphql). */
export const baseResolvers: ModuleResolvers = {
  Query: { ping: () => true },
  Mutation: { ping: () => true },
  Subscription: {
    ping: {
      subscribe: async function* () {
        yield { ping: true };
      },
    },
  },
};
