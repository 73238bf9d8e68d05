import { sql } from 'kysely';
import { z } from 'zod';
import { formatTimestamp } from '../../../shared/domain/datetime';
import { checkFlow, type FlowProblem } from '../../../shared/domain/flows/flow-check';
import type { ChatFlow, ChatFlowVersion } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import { validation } from '../../graphql/errors';
import { flowTexts } from './texts';

export type FlowKind = 'passive' | 'active';

export const flowKindSchema = z.enum(['passive', 'active']);

export const flowInputSchema = z.object({
  name: z.string().trim().min(1, 'Informe o nome do fluxo.').max(120),
  draft: z.string().max(1_000_000).transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'O fluxo não está em um formato válido.' });
      return z.NEVER;
    }
  }),
  expire_minutes: z.number().int().min(1).max(10_080).nullish(),
  expire_message: z.string().trim().max(2000).nullish(),
});
export type FlowInput = z.infer<typeof flowInputSchema>;

/** A flow that has not been drawn yet: a start block the builder places on the canvas. */
export const EMPTY_DRAFT = { nodes: [{ id: 'inicio', type: 'start', position: { x: 0, y: 0 }, data: { trigger: 'message' } }], edges: [] };

const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

function flowSelect(tx: Tx, tenantId: number) {
  return tx
    .selectFrom('chat_flows as f')
    .leftJoin('chat_flow_versions as v', (join) => join.onRef('v.tenant_id', '=', 'f.tenant_id').onRef('v.id', '=', 'f.published_version_id'))
    .select([
      'f.id',
      'f.name',
      'f.kind',
      'f.draft',
      'f.expire_minutes',
      'f.expire_message',
      'f.updated_at',
      'v.version',
      'v.published_at',
      'v.definition',
      sql<number>`(select count(*)::int from chat_flow_sessions s where s.tenant_id = f.tenant_id and s.flow_id = f.id and s.status in ('waiting_answer', 'waiting_timer', 'waiting_http'))`.as('running_sessions'),
    ])
    .where('f.tenant_id', '=', tenantId)
    .where('f.deleted_at', 'is', null);
}
type FlowRow = Awaited<ReturnType<ReturnType<typeof flowSelect>['executeTakeFirstOrThrow']>>;

async function toFlows(tx: Tx, tenantId: number, rows: readonly FlowRow[]): Promise<ChatFlow[]> {
  const ids = rows.map((row) => row.id);
  const instances =
    ids.length === 0
      ? []
      : await tx.selectFrom('instances').select(['id', 'name', 'passive_flow_id']).where('tenant_id', '=', tenantId).where('passive_flow_id', 'in', ids).orderBy('name').execute();
  return rows.map((row) => {
    const draft = JSON.stringify(json(row.draft));
    return {
      id: String(row.id),
      name: row.name,
      kind: row.kind,
      draft,
      published_version: row.version ?? null,
      published_at: row.published_at ? formatTimestamp(row.published_at) : null,
      has_unpublished_changes: row.definition === null || row.definition === undefined ? true : JSON.stringify(json(row.definition)) !== draft,
      expire_minutes: row.expire_minutes,
      expire_message: row.expire_message,
      instances: instances.filter((i) => i.passive_flow_id === row.id).map((i) => ({ id: String(i.id), name: i.name })),
      running_sessions: Number(row.running_sessions),
      updated_at: formatTimestamp(row.updated_at),
    };
  });
}

export async function listFlows(tx: Tx, tenantId: number, kind: FlowKind | null, search: string | null): Promise<ChatFlow[]> {
  let query = flowSelect(tx, tenantId).orderBy('f.name');
  if (kind) query = query.where('f.kind', '=', kind);
  if (search) query = query.where(sql<boolean>`f.name ilike ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  return toFlows(tx, tenantId, await query.execute());
}

export async function getFlow(tx: Tx, tenantId: number, id: number): Promise<ChatFlow | null> {
  const row = await flowSelect(tx, tenantId).where('f.id', '=', id).executeTakeFirst();
  return row ? ((await toFlows(tx, tenantId, [row]))[0] ?? null) : null;
}

export async function requireFlow(tx: Tx, tenantId: number, id: number): Promise<ChatFlow> {
  const flow = await getFlow(tx, tenantId, id);
  if (!flow) throw validation('id', flowTexts.flowNotFound);
  return flow;
}

async function assertNameFree(tx: Tx, tenantId: number, name: string, exceptId: number | null): Promise<void> {
  let query = tx.selectFrom('chat_flows').select('id').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null).where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw validation('name', flowTexts.nameTaken);
}

export async function createFlow(tx: Tx, tenantId: number, userId: number, kind: FlowKind, input: FlowInput): Promise<number> {
  await assertNameFree(tx, tenantId, input.name, null);
  const row = await tx
    .insertInto('chat_flows')
    .values({
      tenant_id: tenantId,
      name: input.name,
      kind,
      draft: JSON.stringify(input.draft ?? EMPTY_DRAFT),
      expire_minutes: input.expire_minutes ?? undefined,
      expire_message: input.expire_message || null,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function saveFlow(tx: Tx, tenantId: number, id: number, input: FlowInput): Promise<void> {
  await requireFlow(tx, tenantId, id);
  await assertNameFree(tx, tenantId, input.name, id);
  await tx
    .updateTable('chat_flows')
    .set({
      name: input.name,
      draft: JSON.stringify(input.draft),
      ...(input.expire_minutes ? { expire_minutes: input.expire_minutes } : {}),
      expire_message: input.expire_message || null,
      updated_at: new Date(),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Snapshots the draft as the next version; the problems that keep it from running, if any. */
export async function publishFlow(tx: Tx, tenantId: number, id: number, userId: number): Promise<FlowProblem[]> {
  const flow = await tx.selectFrom('chat_flows').select(['draft', 'kind']).where('tenant_id', '=', tenantId).where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
  if (!flow) throw validation('id', flowTexts.flowNotFound);
  const draft = json(flow.draft);
  const problems = checkFlow(draft, { kind: flow.kind as FlowKind });
  if (problems.length > 0) return problems;
  const last = await tx.selectFrom('chat_flow_versions').select(sql<number>`coalesce(max(version), 0)`.as('version')).where('tenant_id', '=', tenantId).where('flow_id', '=', id).executeTakeFirstOrThrow();
  const version = await tx
    .insertInto('chat_flow_versions')
    .values({ tenant_id: tenantId, flow_id: id, version: Number(last.version) + 1, definition: JSON.stringify(draft), published_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.updateTable('chat_flows').set({ published_version_id: version.id, updated_at: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  return [];
}

export async function restoreVersion(tx: Tx, tenantId: number, flowId: number, versionId: number, userId: number): Promise<FlowProblem[]> {
  const version = await tx.selectFrom('chat_flow_versions').select('definition').where('tenant_id', '=', tenantId).where('flow_id', '=', flowId).where('id', '=', versionId).executeTakeFirst();
  if (!version) throw validation('version_id', flowTexts.versionNotFound);
  await tx.updateTable('chat_flows').set({ draft: JSON.stringify(json(version.definition)), updated_at: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', flowId).execute();
  return publishFlow(tx, tenantId, flowId, userId);
}

export async function listVersions(tx: Tx, tenantId: number, flowId: number): Promise<ChatFlowVersion[]> {
  const rows = await tx
    .selectFrom('chat_flow_versions as v')
    .leftJoin('users as u', (join) => join.onRef('u.tenant_id', '=', 'v.tenant_id').onRef('u.id', '=', 'v.published_by'))
    .select(['v.id', 'v.version', 'v.published_at', 'u.name'])
    .where('v.tenant_id', '=', tenantId)
    .where('v.flow_id', '=', flowId)
    .orderBy('v.version', 'desc')
    .execute();
  return rows.map((row) => ({ id: String(row.id), version: row.version, published_at: formatTimestamp(row.published_at), published_by_name: row.name }));
}

export async function versionDefinitionText(tx: Tx, tenantId: number, versionId: number): Promise<string | null> {
  const row = await tx.selectFrom('chat_flow_versions').select('definition').where('tenant_id', '=', tenantId).where('id', '=', versionId).executeTakeFirst();
  return row ? JSON.stringify(json(row.definition)) : null;
}

/** Deleting keeps the versions running sessions use; the connections stop starting it. */
export async function deleteFlow(tx: Tx, tenantId: number, id: number): Promise<void> {
  await requireFlow(tx, tenantId, id);
  await tx.updateTable('instances').set({ passive_flow_id: null }).where('tenant_id', '=', tenantId).where('passive_flow_id', '=', id).execute();
  await tx.updateTable('chat_flows').set({ deleted_at: new Date(), name: sql`name || ' (excluído ' || id || ')'` }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function setInstanceFlow(tx: Tx, tenantId: number, instanceId: number, flowId: number | null): Promise<void> {
  if (flowId !== null) {
    const flow = await requireFlow(tx, tenantId, flowId);
    if (flow.kind !== 'passive') throw validation('flow_id', 'Escolha um fluxo passivo.');
    if (flow.published_version === null) throw validation('flow_id', flowTexts.notPublished);
  }
  const updated = await tx.updateTable('instances').set({ passive_flow_id: flowId }).where('tenant_id', '=', tenantId).where('id', '=', instanceId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw validation('instance_id', 'Conexão não encontrada.');
}
