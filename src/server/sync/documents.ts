/** Value conversions shared by the replicated documents (sync.graphql: ids as strings, ISO times, ms). */

export const idString = (value: number | string | null | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

export const isoTime = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** updatedAt: integer milliseconds (RxDB compares them as numbers). */
export const epochMs = (value: Date | string): number => Math.floor(new Date(value).getTime());
