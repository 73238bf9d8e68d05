import {
  BREAK,
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
  visit,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { errors as texts } from '../../shared/i18n/pt-BR';
import type { RequestContext } from './context';

/**
 * What one operation may ask for (issue 13): the app's deepest operation nests 6 fields and none
 * uses more than a handful of aliases, so these leave room while keeping a crafted query cheap.
 * `maxFields` counts every field the executor would resolve, fragments expanded.
 */
export const OPERATION_LIMITS = { maxDepth: 12, maxAliases: 30, maxFields: 1500, maxTokens: 5000 } as const;

export interface OperationSize {
  depth: number;
  aliases: number;
  fields: number;
}

const ZERO: OperationSize = { depth: 0, aliases: 0, fields: 0 };

/**
 * Sizes every operation of the document. Fragments are sized once and reused, so a fragment that
 * spreads another twice, nested, is counted as its expansion without walking it.
 */
export function measureOperations(document: DocumentNode): OperationSize[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const sized = new Map<string, OperationSize>();
  const visiting = new Set<string>();

  const fragmentSize = (name: string): OperationSize => {
    const known = sized.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    // Unknown or cyclic fragments are reported by graphql's own rules.
    if (!fragment || visiting.has(name)) return ZERO;
    visiting.add(name);
    const size = selectionSize(fragment.selectionSet);
    visiting.delete(name);
    sized.set(name, size);
    return size;
  };

  const selectionSize = (set: SelectionSetNode): OperationSize => {
    const total = { depth: 0, aliases: 0, fields: 0 };
    for (const selection of set.selections) {
      let inner: OperationSize;
      if (selection.kind === Kind.FIELD) {
        const below = selection.selectionSet ? selectionSize(selection.selectionSet) : ZERO;
        inner = { depth: below.depth + 1, aliases: below.aliases + (selection.alias ? 1 : 0), fields: below.fields + 1 };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) inner = selectionSize(selection.selectionSet);
      else inner = fragmentSize(selection.name.value);
      total.depth = Math.max(total.depth, inner.depth);
      total.aliases += inner.aliases;
      total.fields += inner.fields;
    }
    return total;
  };

  return document.definitions.flatMap((definition) => (definition.kind === Kind.OPERATION_DEFINITION ? [selectionSize(definition.selectionSet)] : []));
}

const tooBig = (detail: string) =>
  new GraphQLError(texts.validationTitle, { extensions: { code: 'VALIDATION', detail, http: { status: 400 } } });

/** A validation rule refusing operations deeper, more aliased or bigger than OPERATION_LIMITS. */
export const operationLimitsRule: ValidationRule = (context: ValidationContext) => ({
  Document(document) {
    for (const size of measureOperations(document)) {
      if (size.depth > OPERATION_LIMITS.maxDepth) context.reportError(tooBig(`Consulta profunda demais (máximo ${OPERATION_LIMITS.maxDepth} níveis).`));
      else if (size.aliases > OPERATION_LIMITS.maxAliases) context.reportError(tooBig(`Consulta com apelidos demais (máximo ${OPERATION_LIMITS.maxAliases}).`));
      else if (size.fields > OPERATION_LIMITS.maxFields) context.reportError(tooBig(`Consulta grande demais (máximo ${OPERATION_LIMITS.maxFields} campos).`));
    }
    return false;
  },
});

const asksIntrospection = (document: DocumentNode): boolean => {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') found = true;
      return found ? BREAK : undefined;
    },
  });
  return found;
};

/**
 * Depth, alias, size and token limits for every operation (HTTP and graphql-ws share the envelope),
 * and no introspection for anonymous callers in production.
 */
export function useOperationLimits(options: { production: boolean }): Plugin<RequestContext> {
  return {
    onParse({ setParseFn, parseFn }) {
      setParseFn((source, parseOptions) => {
        try {
          return parseFn(source, { ...parseOptions, maxTokens: OPERATION_LIMITS.maxTokens });
        } catch (error) {
          if (error instanceof Error && /more than \d+ tokens/.test(error.message)) {
            throw tooBig(`Consulta grande demais (máximo ${OPERATION_LIMITS.maxTokens} símbolos).`);
          }
          throw error;
        }
      });
    },
    onValidate({ addValidationRule }) {
      addValidationRule(operationLimitsRule);
    },
    onExecute({ args, setResultAndStopExecution }) {
      if (!options.production || args.contextValue.viewer) return;
      if (asksIntrospection(args.document)) {
        setResultAndStopExecution({ errors: [new GraphQLError(texts.unauthorized, { extensions: { code: 'UNAUTHORIZED', http: { status: 401 } } })] });
      }
    },
  };
}
