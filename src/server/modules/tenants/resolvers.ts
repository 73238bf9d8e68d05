import type { ModuleResolvers, QueryResolver } from '../../graphql/resolver-types';

const tenant: QueryResolver<'tenant'> = (_parent, _args, { tenant }) => ({ slug: tenant.slug, name: tenant.name });

export const tenantsResolvers: ModuleResolvers = { Query: { tenant } };
