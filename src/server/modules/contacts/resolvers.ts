import { z } from 'zod';
import type { TenantChangeKind } from '../../../shared/domain/tenant-changes';
import type { RequestContext } from '../../graphql/context';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import type { Tx } from '../../db/database';
import { transactWithChanges, type ChangeSet } from '../../sync/changes';
import { rowId, syncServicesOf } from '../../sync/access';
import { publishTenantChange } from '../tenant-changes/tenant-changes';
import { requireRoute } from '../../graphql/guards';
import { BLOCKLIST_ROUTE, CONTACTS_ROUTE } from './access';
import { blockInputSchema, setNumberBlocked } from './blocklist';
import { importContacts, importInputSchema } from './contact-import';
import { contactFilterSchema, listBlocked, listContacts, pageSchema } from './contact-list';
import { loadContact } from './contact-payload';
import { contactInputSchema, createContact, setOnContacts, updateContact } from './contact-writes';
import { createGroup, deleteGroup, groupInputSchema, updateGroup } from './customer-groups';

const idArgs = z.object({ id: rowId });
const idsArgs = z.array(rowId).max(5000);

/**
 * Writes customers in one transaction; once committed, the replication tells open consoles
 * (customers collection) and the tenant channel tells admin lists (`kinds`).
 */
async function writeCustomers<T>(context: RequestContext, kinds: readonly TenantChangeKind[], id: string | null, fn: (tx: Tx, changes: ChangeSet) => Promise<T>): Promise<T> {
  const { database, pubsub } = syncServicesOf(context).messaging;
  const tenantId = context.tenant.id;
  const result = await transactWithChanges(database, pubsub, tenantId, async (tx, changes) => {
    changes.add('customers', null);
    return fn(tx, changes);
  });
  await Promise.all(kinds.map((kind) => publishTenantChange(pubsub, tenantId, { kind, id }).catch(() => undefined)));
  return result;
}

const read = <T>(context: RequestContext, fn: (tx: Tx) => Promise<T>) => context.database.withTenant(context.tenant.id, fn);

export const contactsResolvers: ModuleResolvers = {
  Query: {
    contacts: async (_, args, context) => {
      requireRoute(context, CONTACTS_ROUTE);
      const filter = parseInput(contactFilterSchema, args.filter) ?? {};
      const page = parseInput(pageSchema(500), { offset: args.offset, limit: args.limit });
      return read(context, (tx) => listContacts(tx, context.tenant.id, filter, page.offset ?? 0, page.limit ?? 100));
    },
    contact: async (_, args, context) => {
      requireRoute(context, CONTACTS_ROUTE, BLOCKLIST_ROUTE);
      const { id } = parseInput(idArgs, args);
      return read(context, (tx) => loadContact(tx, context.tenant.id, id));
    },
    blockedNumbers: async (_, args, context) => {
      requireRoute(context, BLOCKLIST_ROUTE);
      const input = parseInput(
        z.object({ search: z.string().max(120).nullish(), kind: z.enum(['any', 'attendance', 'campaign']).nullish() }).extend(pageSchema(500).shape),
        args,
      );
      return read(context, (tx) => listBlocked(tx, context.tenant.id, input.search, input.kind ?? 'any', input.offset ?? 0, input.limit ?? 100));
    },
  },
  Mutation: {
    createContact: async (_, args, context) => {
      requireRoute(context, CONTACTS_ROUTE);
      const input = parseInput(contactInputSchema, args.input);
      return writeCustomers(context, ['customers'], null, (tx) => createContact(tx, context.tenant.id, input));
    },
    updateContact: async (_, args, context) => {
      requireRoute(context, CONTACTS_ROUTE);
      const { id } = parseInput(idArgs, { id: args.id });
      const input = parseInput(contactInputSchema, args.input);
      return writeCustomers(context, ['customers'], String(id), (tx) => updateContact(tx, context.tenant.id, id, input));
    },
    setContactsFavorite: async (_, args, context) => {
      requireRoute(context, CONTACTS_ROUTE);
      const ids = parseInput(idsArgs, args.ids);
      const isFavorite = parseInput(z.boolean(), args.is_favorite);
      return writeCustomers(context, ['customers'], null, (tx) => setOnContacts(tx, context.tenant.id, ids, { is_favorite: isFavorite }));
    },
    assignContactsGroup: async (_, args, context) => {
      requireRoute(context, CONTACTS_ROUTE);
      const ids = parseInput(idsArgs, args.ids);
      const groupId = parseInput(rowId.nullish(), args.group_of_customer_id) ?? null;
      return writeCustomers(context, ['customers'], null, (tx) => setOnContacts(tx, context.tenant.id, ids, { group_of_customer_id: groupId }));
    },
    importContacts: async (_, args, context) => {
      requireRoute(context, CONTACTS_ROUTE);
      const { rows } = parseInput(importInputSchema, args);
      return writeCustomers(context, ['customers', 'customer_groups'], null, (tx) => importContacts(tx, context.tenant.id, rows));
    },
    setNumberBlocked: async (_, args, context) => {
      const viewer = requireRoute(context, BLOCKLIST_ROUTE, CONTACTS_ROUTE);
      const input = parseInput(blockInputSchema, args);
      return writeCustomers(context, ['blocklist', 'customers'], null, (tx) => setNumberBlocked(tx, context.tenant.id, viewer.userId, input));
    },
    createCustomerGroup: async (_, args, context) => {
      requireRoute(context, CONTACTS_ROUTE);
      const input = parseInput(groupInputSchema, args);
      return writeCustomers(context, ['customer_groups'], null, (tx) => createGroup(tx, context.tenant.id, input));
    },
    updateCustomerGroup: async (_, args, context) => {
      requireRoute(context, CONTACTS_ROUTE);
      const { id } = parseInput(idArgs, { id: args.id });
      const input = parseInput(groupInputSchema, args);
      return writeCustomers(context, ['customer_groups', 'customers'], String(id), (tx) => updateGroup(tx, context.tenant.id, id, input));
    },
    deleteCustomerGroup: async (_, args, context) => {
      requireRoute(context, CONTACTS_ROUTE);
      const { id } = parseInput(idArgs, args);
      await writeCustomers(context, ['customer_groups', 'customers'], String(id), (tx) => deleteGroup(tx, context.tenant.id, id));
      return true;
    },
  },
};
