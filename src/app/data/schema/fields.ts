/**
 * JSON-schema building blocks shared by the collections. Server nulls are stored as absent keys
 * (RxDB's advice: one type per field), so optional fields are plain types that are not required.
 * Fields used in an index must be required, and strings there need a maxLength.
 */
export const ID_MAX = 40;
/** ISO 8601 UTC with milliseconds ("2025-01-31T13:45:00.000Z") sorts as text; 30 leaves room. */
export const TIME_MAX = 30;

export const idField = { type: 'string', maxLength: ID_MAX } as const;
export const timeField = { type: 'string', maxLength: TIME_MAX } as const;
export const text = { type: 'string' } as const;
export const flag = { type: 'boolean' } as const;
export const int = { type: 'integer' } as const;
/** updatedAt: integer milliseconds set by the server. */
export const epochMs = { type: 'integer', minimum: 0, maximum: 1e15, multipleOf: 1 } as const;
