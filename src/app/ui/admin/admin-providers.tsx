import { QueryClientProvider } from '@tanstack/react-query';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { sessionState } from '../../state/session';
import { adminQueryClient } from './query-client';
import { useTenantChanges } from './use-tenant-changes';

function TenantChanges() {
  useTenantChanges();
  return null;
}

/** Another user (or none) means none of the cached answers may show any more. */
function useClearOnUserChange(): void {
  useEffect(() => {
    let user = sessionState.current ? `${sessionState.current.tenant}|${sessionState.current.user.id}` : null;
    return subscribe(sessionState, () => {
      const next = sessionState.current ? `${sessionState.current.tenant}|${sessionState.current.user.id}` : null;
      if (next !== user) adminQueryClient.clear();
      user = next;
    });
  }, []);
}

/**
 * What the admin kit needs around the signed-in screens, mounted once by the main layout:
 * react-query's client, Mantine's modals (confirmDanger) and the tenant-changes listener.
 */
export function AdminProviders({ children }: { children: ReactNode }) {
  useClearOnUserChange();
  return (
    <QueryClientProvider client={adminQueryClient}>
      <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
        <TenantChanges />
        {children}
      </ModalsProvider>
    </QueryClientProvider>
  );
}
