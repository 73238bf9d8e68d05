import { describe, expect, it } from 'vitest';
import { INITIAL_SYNC_STATE, nextSyncState, type SyncSignals } from '../../../../src/app/data/health/sync-state';

const signals = (over: Partial<SyncSignals> = {}): SyncSignals => ({
  socketConnected: true,
  browserOnline: true,
  active: false,
  requestFailing: false,
  pendingSends: 0,
  ...over,
});

describe('connection health', () => {
  it('is online when connected and idle, syncing while work or sends are pending', () => {
    expect(nextSyncState(INITIAL_SYNC_STATE, signals(), 0)).toMatchObject({ status: 'online', label: 'Online' });
    expect(nextSyncState(INITIAL_SYNC_STATE, signals({ active: true }), 0).status).toBe('syncing');
    expect(nextSyncState(INITIAL_SYNC_STATE, signals({ pendingSends: 2 }), 0)).toMatchObject({ status: 'syncing', pendingSends: 2 });
  });

  it('says since when it is offline (São Paulo time) and keeps that time while offline lasts', () => {
    const at = Date.UTC(2025, 0, 10, 13, 5);
    const first = nextSyncState(INITIAL_SYNC_STATE, signals({ socketConnected: false }), at);
    expect(first).toMatchObject({ status: 'offline', offlineSince: at, label: 'Offline desde 10:05' });
    const later = nextSyncState(first, signals({ browserOnline: false }), at + 60_000);
    expect(later.offlineSince).toBe(at);
    expect(nextSyncState(later, signals(), at + 120_000)).toMatchObject({ status: 'online', offlineSince: null });
  });

  it('counts failing requests as offline even when the socket looks open', () => {
    expect(nextSyncState(INITIAL_SYNC_STATE, signals({ requestFailing: true }), 0).status).toBe('offline');
  });

  it('counts the history a fresh database stores after sign-in, in pt-BR, until its first pulls are done', () => {
    const downloading = nextSyncState(INITIAL_SYNC_STATE, signals({ initialReceived: 12_345 }), 0);
    expect(downloading).toMatchObject({ status: 'syncing', initialReceived: 12_345, label: 'Baixando histórico: 12.345 itens' });
    expect(nextSyncState(downloading, signals({ initialReceived: null }), 0)).toMatchObject({ status: 'online', initialReceived: null, label: 'Online' });
    // Offline says so, whatever was downloading.
    expect(nextSyncState(downloading, signals({ initialReceived: 20, socketConnected: false }), 0)).toMatchObject({ status: 'offline', initialReceived: null });
  });
});
