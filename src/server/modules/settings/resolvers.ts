import type { ModuleResolvers } from '../../graphql/resolver-types';
import { getFeature } from './resolvers/get-feature';
import { setFeature } from './resolvers/set-feature';

export const settingsResolvers: ModuleResolvers = { Query: { getFeature }, Mutation: { setFeature } };
