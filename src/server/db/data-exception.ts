/** PostgreSQL's "data exception" class (SQLSTATE 22xxx): a value the database cannot take, e.g. a NUL byte. */
export const isDataException = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' && /^22[0-9A-Z]{3}$/.test((error as { code: string }).code);
