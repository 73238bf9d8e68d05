import { z } from 'zod';
import type { Customer, CustomerInput, CustomerPushRow } from '../../../shared/graphql/generated';
import type { RequestContext } from '../../graphql/context';
import type { Tx } from '../../db/database';
import { parseInput } from '../../graphql/validation';
import { neutralCustomerDocument, toCustomerDocument } from '../../modules/customers/customer-document';
import { rowId, syncServicesOf, syncViewerOf } from '../access';
import { transactWithChanges } from '../changes';
import { canSeeAudience, isAdministrator, type SyncViewer } from '../visibility';
import { sameDocument, serverId } from './compare';

const text = (max: number) => z.string().trim().max(max).nullable();

/** The customer fields an attendant may edit (sync.graphql), as they are parsed. */
const editableSchema = z
  .object({
    name: text(255),
    address: text(500),
    open_field: text(2000),
    is_favorite: z.boolean(),
    document_register: text(50),
    group_of_customer_id: rowId.nullable(),
  })
  .partial();

type Editable = z.infer<typeof editableSchema>;
const EDITABLE = Object.keys(editableSchema.shape) as (keyof Editable)[];

/** The fields the client changed: those whose new state differs from the state it assumed. */
function changedFields(doc: CustomerInput, assumed: CustomerInput | null | undefined): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of EDITABLE) {
    if (!(key in doc) || doc[key] === undefined) continue;
    if (assumed && (assumed[key] ?? null) === (doc[key] ?? null)) continue;
    changed[key] = doc[key];
  }
  return changed;
}

/** A customer is the viewer's to edit when a ticket of it on one of the viewer's connections is visible to them. */
async function canEditCustomer(tx: Tx, tenantId: number, customerId: number, viewer: SyncViewer, instanceIds: readonly number[]): Promise<boolean> {
  if (isAdministrator(viewer)) return true;
  if (instanceIds.length === 0) return false;
  const tickets = await tx
    .selectFrom('chat_tickets')
    .select(['id', 'user_id', 'inbox', 'inbox_department_id', 'finished_ticket'])
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', customerId)
    .where('instance_id', 'in', [...instanceIds])
    .where('deleted_at', 'is', null)
    .execute();
  return canSeeAudience(tickets, viewer);
}

async function groupExists(tx: Tx, tenantId: number, groupId: number): Promise<boolean> {
  const group = await tx.selectFrom('customer_groups').select('id').where('tenant_id', '=', tenantId).where('id', '=', groupId).executeTakeFirst();
  return group !== undefined;
}

async function loadDocument(tx: Tx, tenantId: number, id: number): Promise<Customer | null> {
  const row = await tx
    .selectFrom('customers as c')
    .leftJoin('customer_groups as g', (join) => join.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.group_of_customer_id'))
    .selectAll('c')
    .select(['g.name as group_name', 'g.color_tag as group_color_tag'])
    .where('c.tenant_id', '=', tenantId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row ? toCustomerDocument(row, row) : null;
}

/**
 * Step 5 (DESIGN §4): pushCustomer. Field-level merge: the editable fields the client changed
 * are written over the master, the rest stays; a result that differs from the client's state
 * comes back as the conflict (RxDB then takes the master).
 */
export async function pushCustomers(context: RequestContext, rows: readonly CustomerPushRow[]): Promise<Customer[]> {
  const viewer = syncViewerOf(context);
  const instanceIds = context.viewer?.instanceIds ?? [];
  const { pubsub } = syncServicesOf(context);
  const tenantId = context.tenant.id;
  const conflicts: Customer[] = [];
  for (const { newDocumentState: doc, assumedMasterState } of rows) {
    const id = serverId(doc.id);
    const master = await transactWithChanges(context.database, pubsub, tenantId, async (tx, changes) => {
      if (id === null || !(await canEditCustomer(tx, tenantId, id, viewer, instanceIds))) return null;
      const changed: Editable = doc._deleted ? {} : parseInput(editableSchema, changedFields(doc, assumedMasterState));
      if (changed.group_of_customer_id != null && !(await groupExists(tx, tenantId, changed.group_of_customer_id))) delete changed.group_of_customer_id;
      if (Object.keys(changed).length > 0) {
        await tx.updateTable('customers').set(changed).where('tenant_id', '=', tenantId).where('id', '=', id).where('deleted_at', 'is', null).execute();
        changes.add('customers', null);
      }
      return loadDocument(tx, tenantId, id);
    });
    const state = master ?? neutralCustomerDocument(doc.id, Date.now());
    if (!sameDocument(state, doc)) conflicts.push(state);
  }
  return conflicts;
}
