import { proxy } from 'valtio';
import type { FeatureFlags } from '../../shared/domain/permissions';

/**
 * The tenant's feature flags (SPEC §3 Feature, getFeature): a disabled feature's menu entries and
 * routes are closed. Null until read; an unread flag counts as on, so nothing is hidden by a slow
 * network.
 */
export const featureState = proxy<{ flags: FeatureFlags | null }>({ flags: null });

export const setFeatureFlags = (flags: FeatureFlags | null): void => {
  featureState.flags = flags;
};
