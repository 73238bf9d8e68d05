import { proxy } from 'valtio';

/** The global loading overlay: shown while at least one task holds it. */
export const loadingState = proxy({ count: 0 });

export function showLoading(): void {
  loadingState.count += 1;
}

export function hideLoading(): void {
  loadingState.count = Math.max(0, loadingState.count - 1);
}

/** SPEC §8: loading overlays close on every error. */
export function closeLoadingOverlays(): void {
  loadingState.count = 0;
}

export async function withLoading<T>(task: () => Promise<T>): Promise<T> {
  showLoading();
  try {
    return await task();
  } finally {
    hideLoading();
  }
}
