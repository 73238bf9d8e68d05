/** Runs `task` when the page is idle (at the latest after `timeoutMs`, if given); returns a cancel. */
export function whenIdle(task: () => void, timeoutMs?: number): () => void {
  if (globalThis.requestIdleCallback) {
    const handle = globalThis.requestIdleCallback(task, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => globalThis.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}
