import { formatTimestamp } from '../../../shared/domain/datetime';
import type { Contact } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';

/** A contacts row with its group and the names of who blocked it. */
export function contactSelect(tx: Tx, tenantId: number) {
  return tx
    .selectFrom('customers as c')
    .leftJoin('customer_groups as g', (join) => join.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.group_of_customer_id'))
    .leftJoin('users as bu', (join) => join.onRef('bu.tenant_id', '=', 'c.tenant_id').onRef('bu.id', '=', 'c.blacklisted_by'))
    .leftJoin('users as cu', (join) => join.onRef('cu.tenant_id', '=', 'c.tenant_id').onRef('cu.id', '=', 'c.blacklisted_campaign_by'))
    .select([
      'c.id',
      'c.name',
      'c.image',
      'c.address',
      'c.open_field',
      'c.is_favorite',
      'c.phone_number',
      'c.is_blacklisted',
      'c.is_blacklisted_campaign',
      'c.document_register',
      'c.group_of_customer_id',
      'c.blacklisted_at',
      'c.blacklisted_by',
      'c.blacklisted_campaign_at',
      'c.blacklisted_campaign_by',
      'c.created_at',
      'g.name as group_name',
      'g.color_tag as group_color_tag',
      'bu.name as blacklisted_by_name',
      'cu.name as blacklisted_campaign_by_name',
    ])
    .where('c.tenant_id', '=', tenantId)
    .where('c.deleted_at', 'is', null);
}

type ContactQuery = ReturnType<typeof contactSelect>;
export type ContactRecord = Awaited<ReturnType<ContactQuery['executeTakeFirstOrThrow']>>;

const user = (id: number | null, name: string | null) => (id === null || name === null ? null : { id: String(id), name });
const stamp = (value: Date | null) => (value === null ? null : formatTimestamp(value));

export function toContact(row: ContactRecord): Contact {
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
    group_of_customer_id: row.group_of_customer_id === null ? null : String(row.group_of_customer_id),
    group_of_customer:
      row.group_of_customer_id === null || row.group_name === null
        ? null
        : { id: String(row.group_of_customer_id), name: row.group_name, color_tag: row.group_color_tag },
    blacklisted_at: stamp(row.blacklisted_at),
    blacklisted_by: user(row.blacklisted_by, row.blacklisted_by_name),
    blacklisted_campaign_at: stamp(row.blacklisted_campaign_at),
    blacklisted_campaign_by: user(row.blacklisted_campaign_by, row.blacklisted_campaign_by_name),
    created_at: formatTimestamp(row.created_at),
  };
}

export async function loadContact(tx: Tx, tenantId: number, id: number): Promise<Contact | null> {
  const row = await contactSelect(tx, tenantId).where('c.id', '=', id).executeTakeFirst();
  return row ? toContact(row) : null;
}
