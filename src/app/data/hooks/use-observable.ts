import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * The latest value of an observable, re-subscribing when `deps` change. The initial value shows
 * until the first emission, so a screen renders at once with what it has.
 */
export function useObservable<T>(factory: () => Observable<T> | null, initial: T, deps: readonly unknown[]): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const observable = factory();
    if (!observable) {
      setValue(initial);
      return;
    }
    const sub = observable.subscribe(setValue);
    return () => sub.unsubscribe();
    // The caller lists what the factory reads; `initial` is only the placeholder.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
