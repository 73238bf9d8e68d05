import { isStoreOpen } from '../../../shared/domain/opening-hours';
import { STORE_INFO_KEY, parseStoreInfo, type StoreInfo } from '../../../shared/domain/store-info';
import type { StoreInfo as StoreInfoPayload } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import type { ChangeSet } from '../../sync/changes';
import { effectiveValue, writeSettingRows } from './setting-rows';

/** The store info of the tenant (the tenant setting `store_info`, JSON), or the empty one. */
export async function readStoreInfo(tx: Tx, tenantId: number): Promise<StoreInfo> {
  return parseStoreInfo(await effectiveValue(tx, tenantId, null, STORE_INFO_KEY));
}

export function writeStoreInfo(tx: Tx, changes: ChangeSet, tenantId: number, info: StoreInfo): Promise<void> {
  return writeSettingRows(tx, changes, tenantId, null, [{ definition: { key: STORE_INFO_KEY }, value: JSON.stringify(info) }]);
}

export const storeInfoPayload = (info: StoreInfo, now: Date = new Date()): StoreInfoPayload => ({ ...info, open_now: isStoreOpen(info.opening_hours, now) });
