import type { RxJsonSchema } from 'rxdb';
import { epochMs, ID_MAX, int } from './fields';

/**
 * The small reference sets an attendant needs offline (quick answers, closing reasons, templates,
 * departments, users for transfer, connections) in one collection keyed by (kind, id), because
 * RxDB's free tier opens at most 13 collections per process (DESIGN §4).
 */
export const REFERENCE_KINDS = [
  'quick_answers',
  'closing_reasons',
  'categories',
  'templates',
  'departments',
  'users',
  'connections',
] as const;

export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export interface ReferenceDoc {
  key: string;
  kind: ReferenceKind;
  ref_id: string;
  /** Order within the set as the server listed it. */
  position: number;
  data: Record<string, unknown>;
  updatedAt: number;
}

export const referenceSchema: RxJsonSchema<ReferenceDoc> = {
  title: 'references',
  version: 0,
  primaryKey: { key: 'key', fields: ['kind', 'ref_id'], separator: '|' },
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 2 * ID_MAX + 1 },
    kind: { type: 'string', maxLength: 20 },
    ref_id: { type: 'string', maxLength: ID_MAX },
    position: { ...int, minimum: 0, maximum: 1e9, multipleOf: 1 },
    data: { type: 'object' },
    updatedAt: epochMs,
  },
  required: ['key', 'kind', 'ref_id', 'position', 'data', 'updatedAt'],
  indexes: [['kind', 'position']],
};

export const referenceMigrations = {};
