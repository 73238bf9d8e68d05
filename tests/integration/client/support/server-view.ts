import { fromServer, REPLICATED_SPECS, type ServerDoc } from '../../../../src/app/data/replication/documents';
import type { PedbotDatabase, ReplicatedName } from '../../../../src/app/data/schema';
import { testFetch } from './test-fetch';

/**
 * A user's view of a collection, as the server gives it (pull from the start) and as the local
 * database holds it, both normalized the same way so they can be compared as text.
 */
const LOCAL_ONLY = ['ticket_key', 'owner_key', 'sort_at', '_deleted', '_rev', '_meta', '_attachments'];

function canonical(doc: Record<string, unknown>): string {
  const clean: Record<string, unknown> = {};
  for (const key of Object.keys(doc).sort()) if (!LOCAL_ONLY.includes(key)) clean[key] = doc[key];
  return JSON.stringify(clean);
}

export async function serverView(
  endpoint: string,
  token: string,
  instanceId: string,
  name: ReplicatedName,
): Promise<Map<string, string>> {
  const spec = REPLICATED_SPECS[name];
  const query = `query ($checkpoint: ${spec.typeName}CheckpointInput, $limit: Int!, $instance_id: ID!) {
    pull${spec.typeName}(checkpoint: $checkpoint, limit: $limit, instance_id: $instance_id) {
      documents { ${spec.fields} } checkpoint { id position } } }`;
  const view = new Map<string, string>();
  let checkpoint: unknown = null;
  for (;;) {
    const response = await testFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables: { checkpoint, limit: 1000, instance_id: instanceId } }),
    });
    const body = (await response.json()) as { data?: Record<string, { documents: ServerDoc[]; checkpoint: unknown }>; errors?: unknown };
    const bulk = body.data?.[`pull${spec.typeName}`];
    if (!bulk) throw new Error(`server view of ${name}: ${JSON.stringify(body.errors)}`);
    for (const raw of bulk.documents) {
      const doc = fromServer(name, raw);
      if (doc._deleted) view.delete(doc.id);
      else view.set(doc.id, canonical(doc));
    }
    if (bulk.documents.length < 1000) break;
    checkpoint = bulk.checkpoint;
  }
  return view;
}

export async function localView(db: PedbotDatabase, name: ReplicatedName): Promise<Map<string, string>> {
  const docs = await db[name].find().exec();
  const view = new Map<string, string>();
  for (const doc of docs) {
    const data = doc.toJSON() as Record<string, unknown> & { id: string };
    if (!data.id.startsWith('tmp:')) view.set(data.id, canonical(data));
  }
  return view;
}

/** The differences between two views, for a readable failure. */
export function diffViews(server: Map<string, string>, local: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [id, doc] of server) if (local.get(id) !== doc) out.push(`server ${id}: ${doc}\n local ${id}: ${local.get(id) ?? '(missing)'}`);
  for (const id of local.keys()) if (!server.has(id)) out.push(`local only ${id}: ${local.get(id)}`);
  return out;
}
