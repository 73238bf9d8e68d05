import { useEffect } from 'react';
import { featureFlagsOf } from '../../../shared/domain/permissions';
import { setFeatureFlags } from '../../state/features';
import { adminKey, gqlOperation, useGqlQuery } from '../admin';

const FEATURES = gqlOperation<{ getFeature: Array<{ name: string; enabled: boolean }> }>(`query { getFeature { name enabled } }`);

/** Reads the tenant's feature flags for the menu and the router, again on a 'features' tenant change. */
export function FeatureFlagsLoader() {
  const features = useGqlQuery(FEATURES, { key: adminKey('features', 'flags'), select: (data) => featureFlagsOf(data.getFeature) });
  const flags = features.data ?? null;
  useEffect(() => {
    if (flags) setFeatureFlags(flags);
  }, [flags]);
  useEffect(() => () => setFeatureFlags(null), []);
  return null;
}
