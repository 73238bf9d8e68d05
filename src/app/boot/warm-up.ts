import { formatTimestamp } from '../../shared/domain/datetime';

/**
 * The first string comparison and the first date formatted in the product's zone each cost tens
 * of milliseconds, while ICU loads its collation and time-zone data. The local database compares
 * strings as it opens (RxDB sorts every schema) and each ticket row formats a time, so both would
 * be paid on the way to the first ticket list; paid here, they fall in the idle time while the
 * page waits for its screen's and the database's code.
 */
export function warmUpLocaleData(): void {
  const warm = () => {
    'a'.localeCompare('b');
    formatTimestamp(Date.now());
  };
  if (globalThis.requestIdleCallback) globalThis.requestIdleCallback(warm, { timeout: 1_000 });
  else setTimeout(warm, 0);
}
