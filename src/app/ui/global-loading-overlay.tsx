import { LoadingOverlay } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { loadingState } from '../state/loading';

export function GlobalLoadingOverlay() {
  const { count } = useSnapshot(loadingState);
  return (
    <LoadingOverlay
      visible={count > 0}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 1 }}
      loaderProps={{ 'aria-label': 'Carregando' }}
    />
  );
}
