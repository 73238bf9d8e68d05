import { gqlRequest } from '../../../api/graphql-client';
import type {
  Contact,
  ContactFilter,
  ContactImportResult,
  ContactImportRow,
  ContactInput,
  ContactPage,
  CustomerGroup,
} from '../../../../shared/graphql/generated';

/**
 * The contacts, groups and blocklist operations (contacts.graphql). These screens call the server
 * directly (DESIGN §4 admin screens); failures show as SPEC §8 notices through the shared client.
 */
export const CONTACT_FIELDS = `id name image address open_field is_favorite phone_number is_blacklisted is_blacklisted_campaign
  document_register group_of_customer_id group_of_customer { id name color_tag }
  blacklisted_at blacklisted_by { id name } blacklisted_campaign_at blacklisted_campaign_by { id name } created_at`;

interface Options {
  signal?: AbortSignal;
  notify?: boolean;
}

export async function fetchContacts(tenant: string, filter: ContactFilter, offset: number, limit: number, options: Options = {}): Promise<ContactPage> {
  const data = await gqlRequest<{ contacts: ContactPage }>(
    `query Contacts($filter: ContactFilter, $offset: Int, $limit: Int) { contacts(filter: $filter, offset: $offset, limit: $limit) { total items { ${CONTACT_FIELDS} } } }`,
    { filter, offset, limit },
    { tenant, ...options },
  );
  return data.contacts;
}

export async function fetchBlocked(tenant: string, search: string, kind: string, offset: number, limit: number, options: Options = {}): Promise<ContactPage> {
  const data = await gqlRequest<{ blockedNumbers: ContactPage }>(
    `query Blocked($search: String, $kind: String, $offset: Int, $limit: Int) { blockedNumbers(search: $search, kind: $kind, offset: $offset, limit: $limit) { total items { ${CONTACT_FIELDS} } } }`,
    { search, kind, offset, limit },
    { tenant, ...options },
  );
  return data.blockedNumbers;
}

export async function createContact(tenant: string, input: ContactInput): Promise<Contact> {
  const data = await gqlRequest<{ createContact: Contact }>(
    `mutation CreateContact($input: ContactInput!) { createContact(input: $input) { ${CONTACT_FIELDS} } }`,
    { input },
    { tenant },
  );
  return data.createContact;
}

export async function updateContact(tenant: string, id: string, input: ContactInput): Promise<Contact> {
  const data = await gqlRequest<{ updateContact: Contact }>(
    `mutation UpdateContact($id: ID!, $input: ContactInput!) { updateContact(id: $id, input: $input) { ${CONTACT_FIELDS} } }`,
    { id, input },
    { tenant },
  );
  return data.updateContact;
}

export async function setFavorite(tenant: string, ids: string[], isFavorite: boolean): Promise<number> {
  const data = await gqlRequest<{ setContactsFavorite: number }>(
    `mutation Favorite($ids: [ID!]!, $f: Boolean!) { setContactsFavorite(ids: $ids, is_favorite: $f) }`,
    { ids, f: isFavorite },
    { tenant },
  );
  return data.setContactsFavorite;
}

export async function assignGroup(tenant: string, ids: string[], groupId: string | null): Promise<number> {
  const data = await gqlRequest<{ assignContactsGroup: number }>(
    `mutation AssignGroup($ids: [ID!]!, $g: ID) { assignContactsGroup(ids: $ids, group_of_customer_id: $g) }`,
    { ids, g: groupId },
    { tenant },
  );
  return data.assignContactsGroup;
}

export interface BlockChange {
  id?: string;
  phone_number?: string;
  is_blacklisted?: boolean;
  is_blacklisted_campaign?: boolean;
}

export async function setBlocked(tenant: string, change: BlockChange): Promise<Contact> {
  const data = await gqlRequest<{ setNumberBlocked: Contact }>(
    `mutation Block($id: ID, $phone_number: String, $is_blacklisted: Boolean, $is_blacklisted_campaign: Boolean) {
      setNumberBlocked(id: $id, phone_number: $phone_number, is_blacklisted: $is_blacklisted, is_blacklisted_campaign: $is_blacklisted_campaign) { ${CONTACT_FIELDS} }
    }`,
    { ...change },
    { tenant },
  );
  return data.setNumberBlocked;
}

/** One batch of the CSV import; the caller shows failures itself (notify false) to keep going. */
export async function importContacts(tenant: string, rows: ContactImportRow[], signal?: AbortSignal): Promise<ContactImportResult> {
  const data = await gqlRequest<{ importContacts: ContactImportResult }>(
    `mutation Import($rows: [ContactImportRow!]!) { importContacts(rows: $rows) { created updated skipped { line reason } } }`,
    { rows },
    { tenant, notify: false, signal },
  );
  return data.importContacts;
}

export async function fetchGroups(tenant: string, options: Options = {}): Promise<CustomerGroup[]> {
  const data = await gqlRequest<{ customerGroups: CustomerGroup[] }>(`query Groups { customerGroups { id name color_tag } }`, {}, { tenant, ...options });
  return data.customerGroups;
}

export async function saveGroup(tenant: string, group: { id?: string; name: string; color_tag: string | null }): Promise<CustomerGroup> {
  if (group.id) {
    const data = await gqlRequest<{ updateCustomerGroup: CustomerGroup }>(
      `mutation UpdateGroup($id: ID!, $name: String!, $color_tag: String) { updateCustomerGroup(id: $id, name: $name, color_tag: $color_tag) { id name color_tag } }`,
      group,
      { tenant },
    );
    return data.updateCustomerGroup;
  }
  const data = await gqlRequest<{ createCustomerGroup: CustomerGroup }>(
    `mutation CreateGroup($name: String!, $color_tag: String) { createCustomerGroup(name: $name, color_tag: $color_tag) { id name color_tag } }`,
    { name: group.name, color_tag: group.color_tag },
    { tenant },
  );
  return data.createCustomerGroup;
}

export async function deleteGroup(tenant: string, id: string): Promise<void> {
  await gqlRequest(`mutation DeleteGroup($id: ID!) { deleteCustomerGroup(id: $id) }`, { id }, { tenant });
}
