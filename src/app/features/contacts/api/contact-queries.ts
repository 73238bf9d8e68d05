import type { CustomerGroup } from '../../../../shared/graphql/generated';
import { adminKey, gqlOperation, useGqlQuery } from '../../../ui/admin';

export const GROUPS = gqlOperation<{ customerGroups: CustomerGroup[] }>(`query Groups { customerGroups { id name color_tag } }`);

/** The tenant's groups, re-read when any user changes one ('customer_groups' tenant change). */
export const useGroups = () => useGqlQuery(GROUPS, { key: adminKey('customer_groups', 'list'), select: (data) => data.customerGroups });
