import { createElement, useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';

export interface Deferred<P extends object> {
  Component: ComponentType<P>;
  /** Starts loading the code (once); resolves when it is there. */
  preload: () => Promise<void>;
}

/**
 * A component whose code is its own chunk, like React.lazy but without Suspense: once the code has
 * loaded (preloaded, or fetched on the first render, showing `fallback` meanwhile) it renders at
 * once. React.lazy suspends on its first render even when the chunk is already there, and React
 * then holds the revealed content back for up to 300 ms after the fallback showed.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): Deferred<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));

  function DeferredComponent(props: P) {
    const [, rerender] = useReducer((n: number) => n + 1, 0);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      preload().then(
        () => live && rerender(),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, []);
    // A chunk that cannot load fails the screen, as a failed React.lazy chunk would.
    if (failure) throw failure.error;
    return loaded ? createElement(loaded, props) : fallback;
  }
  return { Component: DeferredComponent, preload };
}
