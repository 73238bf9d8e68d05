import type { RxJsonSchema } from 'rxdb';
import type { LocalWriteRange } from '../database/local-write-range';
import { customerSearchText } from '../../../shared/domain/ticket-search';
import { epochMs, flag, idField, text } from './fields';

/** A customer (SPEC §3) of a ticket the viewer may see on the chosen connection. */
export interface CustomerDoc {
  id: string;
  name?: string;
  image?: string;
  address?: string;
  open_field?: string;
  is_favorite: boolean;
  phone_number: string;
  is_blacklisted: boolean;
  is_blacklisted_campaign: boolean;
  document_register?: string;
  group_of_customer_id?: string;
  group_of_customer?: { id?: string; name?: string; color_tag?: string };
  updatedAt: number;
  /** The folded name and phone the ticket list's search compares (local, from version 1). */
  search_text?: string;
}

export const customerSchema: RxJsonSchema<CustomerDoc> = {
  title: 'customers',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    name: text,
    image: text,
    address: text,
    open_field: text,
    is_favorite: flag,
    phone_number: text,
    is_blacklisted: flag,
    is_blacklisted_campaign: flag,
    document_register: text,
    group_of_customer_id: text,
    group_of_customer: {
      type: 'object',
      properties: { id: text, name: text, color_tag: text },
    },
    updatedAt: epochMs,
    search_text: text,
  },
  required: ['id', 'updatedAt'],
};

export const customerMigrations = {
  /** 1: `search_text`, so a search reads no field but that one. */
  1: (doc: CustomerDoc): CustomerDoc => ({ ...doc, search_text: customerSearchText(doc) }),
};

/** Only pulled, never written here nor pushed: a lean store (local-write-range.ts) with an empty local range. */
export const CUSTOMER_LOCAL_WRITES: LocalWriteRange = { sinceVersion: 1, version: customerSchema.version, lower: '', upper: '' };
