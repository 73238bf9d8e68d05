import { useCallback, useEffect, useRef, useState } from 'react';

export interface Remote<T> {
  /** The data of the current key only: a read for another key never shows here. */
  data: T | null;
  error: unknown;
  loading: boolean;
  /** Reads again, keeping the current data on screen meanwhile. */
  reload: () => void;
  /** Replaces the data with a mutation's answer, without reading again. */
  setData: (data: T) => void;
}

interface State<T> {
  key: string;
  data: T | null;
  error: unknown;
  loading: boolean;
}

/**
 * One server read of a screen that fetches directly (DESIGN §4: admin screens), read again
 * whenever `key` changes; a newer read supersedes an older one still in flight. `null` as key
 * means there is nothing to read yet.
 */
export function useRemote<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Remote<T> {
  const loader = useRef(load);
  loader.current = load;
  const [state, setState] = useState<State<T>>({ key: key ?? '', data: null, error: null, loading: key !== null });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState((previous) => (previous.key === key ? { ...previous, error: null, loading: true } : { key, data: null, error: null, loading: true }));
    loader
      .current(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) setState({ key, data, error: null, loading: false });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, key, error, loading: false }));
      });
    return () => controller.abort();
  }, [key, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const setData = useCallback((data: T) => setState((previous) => ({ ...previous, data, error: null, loading: false })), []);
  const current = state.key === key;
  return {
    data: current ? state.data : null,
    error: current ? state.error : null,
    loading: key !== null && (!current || state.loading),
    reload,
    setData,
  };
}
