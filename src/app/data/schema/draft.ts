import type { RxJsonSchema } from 'rxdb';
import { epochMs, idField, text } from './fields';

/** What the attendant was typing in a ticket's composer; local only, never replicated. */
export interface DraftDoc {
  ticket_id: string;
  text: string;
  reply_to_id?: string;
  updatedAt: number;
}

export const draftSchema: RxJsonSchema<DraftDoc> = {
  title: 'drafts',
  version: 0,
  primaryKey: 'ticket_id',
  type: 'object',
  properties: { ticket_id: idField, text, reply_to_id: text, updatedAt: epochMs },
  required: ['ticket_id', 'text', 'updatedAt'],
};

export const draftMigrations = {};
