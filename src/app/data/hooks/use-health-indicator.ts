import { useEffect, useState } from 'react';
import type { SyncStatus } from '../health/sync-state';
import { syncTexts } from '../texts';
import { useDataSession } from './use-data-session';
import { useSyncState } from './use-sync-state';

export interface HealthIndicator {
  status: SyncStatus;
  /** pt-BR: 'Online', 'Sincronizando…', 'Baixando histórico: N itens' or 'Offline desde HH:mm'. */
  label: string;
  /** A fresh database is taking in its history (the first pulls after sign-in). */
  downloading: boolean;
}

const browserOnline = () => globalThis.navigator?.onLine ?? true;

/**
 * What the navbar's connection-health slot shows: the replication's health while a data session
 * runs, otherwise just the browser's network state.
 */
export function useHealthIndicator(): HealthIndicator {
  const session = useDataSession();
  const sync = useSyncState();
  const [online, setOnline] = useState(browserOnline);
  useEffect(() => {
    const update = () => setOnline(browserOnline());
    globalThis.addEventListener?.('online', update);
    globalThis.addEventListener?.('offline', update);
    return () => {
      globalThis.removeEventListener?.('online', update);
      globalThis.removeEventListener?.('offline', update);
    };
  }, []);
  if (session) return { status: sync.status, label: sync.label, downloading: sync.initialReceived !== null };
  return online ? { status: 'online', label: syncTexts.online, downloading: false } : { status: 'offline', label: 'Offline', downloading: false };
}
