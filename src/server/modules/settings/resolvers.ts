import type { ModuleResolvers } from '../../graphql/resolver-types';
import { getFeature } from './resolvers/get-feature';

export const settingsResolvers: ModuleResolvers = { Query: { getFeature } };
