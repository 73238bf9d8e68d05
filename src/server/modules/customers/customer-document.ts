import type { Selectable } from 'kysely';
import type { CustomersTable } from '../../db/schema/customers';
import type { Customer } from '../../../shared/graphql/generated';
import { epochMs, idString } from '../../sync/documents';

export type CustomerRow = Selectable<CustomersTable>;

export interface CustomerGroupFields {
  group_name: string | null;
  group_color_tag: string | null;
}

/** The replicated document of `customers`, with its group's name and colour inside. */
export function toCustomerDocument(row: CustomerRow, group: CustomerGroupFields): Customer {
  return {
    id: String(row.id),
    name: row.name,
    image: row.image,
    address: row.address,
    open_field: row.open_field,
    is_favorite: row.is_favorite,
    phone_number: row.phone_number,
    is_blacklisted: row.is_blacklisted,
    is_blacklisted_campaign: row.is_blacklisted_campaign,
    document_register: row.document_register,
    group_of_customer_id: idString(row.group_of_customer_id),
    group_of_customer:
      row.group_of_customer_id === null || group.group_name === null
        ? null
        : { id: String(row.group_of_customer_id), name: group.group_name, color_tag: group.group_color_tag },
    updatedAt: epochMs(row.updated_at),
    _deleted: row.deleted_at !== null,
  };
}

export const neutralCustomerDocument = (id: string, updatedAt: number): Customer => ({
  id,
  name: null,
  image: null,
  address: null,
  open_field: null,
  is_favorite: false,
  phone_number: '',
  is_blacklisted: false,
  is_blacklisted_campaign: false,
  document_register: null,
  group_of_customer_id: null,
  group_of_customer: null,
  updatedAt,
  _deleted: true,
});
