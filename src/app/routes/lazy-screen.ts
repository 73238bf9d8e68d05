import { lazyRouteComponent } from '@tanstack/react-router';

/** SPEC §9: a screen's chunk that has not loaded after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const withTimeout = <T>(load: Promise<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Tempo esgotado ao carregar a tela.')), CHUNK_LOAD_TIMEOUT_MS);
    load.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** A screen loaded on first use, so each route group is its own chunk. */
export const lazyScreen = <M extends Record<string, unknown>, K extends keyof M & string>(importer: () => Promise<M>, exportName: K) =>
  lazyRouteComponent(() => withTimeout(importer()), exportName);
