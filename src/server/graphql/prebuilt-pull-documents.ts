import type { DocumentNode, ExecutionResult, FieldNode, OperationDefinitionNode, SelectionNode } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { PrebuiltDocuments, PullBulk } from '../sync/pull';

/**
 * Pulled documents the database already wrote as JSON, answered without executing them field by
 * field. A page of 1,000 messages spent about half of its server time in GraphQL's execution of
 * their 30 fields and in serializing the result again (tests/bench/server-sync.ts).
 *
 * Only a pull whose `documents` selects exactly the fields of that JSON, in the same order, with
 * no alias, argument, directive or fragment, takes this path; any other selection is executed as
 * usual. The operation is executed with `documents` swapped for a placeholder (`__typename`), so
 * guards, arguments, checkpoint and errors go through yoga as before; the pull's resolver hands
 * its bulk over (`handOverPulled`), and the documents are put back where the placeholder was:
 * parsed in the result's data (any consumer reads the same value as before), and as their JSON
 * text in the HTTP answer (`ExecutionResult.stringify`, which yoga's JSON processor calls).
 *
 * No graphql instance of our own is loaded (see shared-stream-events.ts): the nodes are literals.
 */

const DOCUMENTS = 'documents';
const PLACEHOLDER = '__pedbotDocuments';

/** Set on the root value of an execution that takes this path: the pulls' bulks by response key. */
const handedOver = new WeakMap<object, Map<string, PullBulk<unknown>>>();

/** Called by a pull's resolver with its root value: the bulk is taken if the operation takes this path. */
export function handOverPulled(root: unknown, responseKey: string, bulk: PullBulk<unknown>): void {
  if (root && typeof root === 'object') handedOver.get(root)?.set(responseKey, bulk);
}

interface Rewrite {
  document: DocumentNode;
  /** Response key of each pull taking this path → the fields its documents select. */
  pulls: Map<string, readonly string[]>;
}

const isPlainField = (node: SelectionNode): node is FieldNode =>
  node.kind === 'Field' && !node.alias && !node.arguments?.length && !node.directives?.length;

/** The pull field with `documents` swapped for the placeholder, when its selection takes this path. */
function rewritePull(field: FieldNode, fields: readonly string[]): FieldNode | null {
  const selections = field.selectionSet?.selections ?? [];
  if (field.directives?.length || !selections.every((s) => s.kind === 'Field' && s.alias?.value !== PLACEHOLDER)) return null;
  const documents = selections.filter((s) => s.kind === 'Field' && (s.alias ?? s.name).value === DOCUMENTS);
  const [only] = documents;
  if (documents.length !== 1 || !only || !isPlainField(only) || only.name.value !== DOCUMENTS) return null;
  const selected = only.selectionSet?.selections ?? [];
  if (selected.length !== fields.length || !selected.every((s, i) => isPlainField(s) && !s.selectionSet && s.name.value === fields[i])) return null;
  const placeholder: FieldNode = {
    kind: 'Field' as FieldNode['kind'],
    alias: { kind: 'Name' as FieldNode['name']['kind'], value: PLACEHOLDER },
    name: { kind: 'Name' as FieldNode['name']['kind'], value: '__typename' },
  };
  return { ...field, selectionSet: { ...field.selectionSet!, selections: selections.map((s) => (s === only ? placeholder : s)) } };
}

function rewriteOf(document: DocumentNode, operationName: string | null | undefined, prebuiltFields: ReadonlyMap<string, readonly string[]>): Rewrite | null {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (operation?.operation !== 'query') return null;
  const pulls = new Map<string, readonly string[]>();
  const keys = operation.selectionSet.selections.map((s) => (s.kind === 'Field' ? (s.alias ?? s.name).value : null));
  const selections = operation.selectionSet.selections.map((selection, index) => {
    const fields = selection.kind === 'Field' ? prebuiltFields.get(selection.name.value) : undefined;
    const key = keys[index]!;
    if (!fields || selection.kind !== 'Field' || keys.indexOf(key) !== keys.lastIndexOf(key)) return selection;
    const rewritten = rewritePull(selection, fields);
    if (rewritten) pulls.set(key, fields);
    return rewritten ?? selection;
  });
  if (pulls.size === 0) return null;
  const rewritten: OperationDefinitionNode = { ...operation, selectionSet: { ...operation.selectionSet, selections } };
  return { document: { ...document, definitions: document.definitions.map((d) => (d === operation ? rewritten : d)) }, pulls };
}

/** JSON of `result` with each placeholder's JSON text spliced in; the plain stringify when one is not found exactly once. */
function stringifyWithPrebuilt(result: unknown, spliced: Array<{ holder: Record<string, unknown>; prebuilt: PrebuiltDocuments }>): string {
  // A NUL never comes out of PostgreSQL text, so the placeholders cannot occur in the data.
  const tokens = spliced.map((_, index) => `\u0000${PLACEHOLDER}:${index}`);
  spliced.forEach(({ holder }, index) => (holder[DOCUMENTS] = tokens[index]));
  let text: string;
  try {
    text = JSON.stringify(result);
  } finally {
    for (const { holder, prebuilt } of spliced) holder[DOCUMENTS] = prebuilt.documents;
  }
  for (const [index, { prebuilt }] of spliced.entries()) {
    const token = JSON.stringify(tokens[index]);
    const at = text.indexOf(token);
    if (at < 0 || text.indexOf(token, at + token.length) >= 0) return JSON.stringify(result);
    text = text.slice(0, at) + prebuilt.json + text.slice(at + token.length);
  }
  return text;
}

function withPrebuilt(result: ExecutionResult, pulls: Map<string, readonly string[]>, bulks: Map<string, PullBulk<unknown>>): ExecutionResult {
  const data = result.data as Record<string, unknown> | null | undefined;
  if (!data) return result;
  const spliced: Array<{ holder: Record<string, unknown>; prebuilt: PrebuiltDocuments }> = [];
  for (const [key, fields] of pulls) {
    const value = data[key] as Record<string, unknown> | null | undefined;
    if (!value) continue;
    const bulk = bulks.get(key);
    // Every pull resolver hands its bulk over; without it the placeholder would be answered.
    if (!bulk) throw new Error(`pull ${key} answered without handing its documents over`);
    const prebuilt = bulk.prebuilt?.(fields) ?? null;
    const holder: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value)) {
      if (name === PLACEHOLDER) holder[DOCUMENTS] = prebuilt ? prebuilt.documents : bulk.documents;
      else holder[name] = field;
    }
    data[key] = holder;
    if (prebuilt) spliced.push({ holder, prebuilt });
  }
  if (spliced.length === 0) return result;
  return { ...result, stringify: (value: unknown) => stringifyWithPrebuilt(value, spliced) } as ExecutionResult;
}

/** `prebuiltFields`: pull field name → the fields of the JSON its feed's rows carry. */
export function usePrebuiltPullDocuments(prebuiltFields: ReadonlyMap<string, readonly string[]>): Plugin {
  const rewrites = new WeakMap<DocumentNode, Map<string, Rewrite | null>>();
  const rewriteFor = (document: DocumentNode, operationName: string | null | undefined): Rewrite | null => {
    let byName = rewrites.get(document);
    if (!byName) rewrites.set(document, (byName = new Map()));
    const name = operationName ?? '';
    if (!byName.has(name)) byName.set(name, rewriteOf(document, operationName, prebuiltFields));
    return byName.get(name)!;
  };

  return {
    onExecute: ({ args, executeFn, setExecuteFn }) => {
      const rewrite = rewriteFor(args.document, args.operationName);
      if (!rewrite) return;
      setExecuteFn(async (executeArgs) => {
        const root: object = Object.create((executeArgs.rootValue as object | null | undefined) ?? null);
        const bulks = new Map<string, PullBulk<unknown>>();
        handedOver.set(root, bulks);
        const result = await executeFn({ ...executeArgs, document: rewrite.document, rootValue: root });
        if (isAsyncIterable(result)) return result;
        return withPrebuilt(result as ExecutionResult, rewrite.pulls, bulks);
      });
    },
  };
}
