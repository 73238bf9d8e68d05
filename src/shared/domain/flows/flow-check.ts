import { firstSendingNodes } from './first-send';
import { edgeExit, flowDefinitionSchema, nodeExits, type FlowDefinition, type FlowNode } from './flow-schema';

/** Something that keeps a flow from running, tied to the node the builder should highlight. */
export interface FlowProblem {
  node_id: string | null;
  message: string;
}

/**
 * Exits that may stay unconnected: after the last invalid answer, or a failed HTTP request, the
 * session hands the ticket to a person instead of stopping silently.
 */
const OPTIONAL_EXITS = new Set(['invalid', 'error']);

const label = (node: FlowNode): string => `"${node.id}"`;

/** The exits as the builder names them (pt-BR): problems speak the canvas's words, not the JSON's. */
export const EXIT_NAMES: Readonly<Record<string, string>> = {
  next: 'seguir',
  answer: 'respondeu',
  invalid: 'resposta inválida',
  true: 'sim',
  false: 'não',
  ok: 'sucesso',
  error: 'falha',
};

export function exitName(exit: string): string {
  const option = /^option-(\d+)$/.exec(exit);
  return option ? `opção ${Number(option[1]) + 1}` : (EXIT_NAMES[exit] ?? exit);
}

/** What kind of flow is checked: an active flow (the business writes first) must open with a template. */
export interface FlowCheckOptions {
  kind?: 'passive' | 'active';
}

export const activeNeedsTemplate = (node: FlowNode): string =>
  `Fluxo ativo: o bloco ${label(node)} escreve ao cliente antes de um modelo aprovado. Fora da janela de 24 horas o primeiro envio precisa ser um modelo.`;

/** Every reason the flow cannot be published, in a stable order; empty when it can run. */
export function checkFlow(input: unknown, options: FlowCheckOptions = {}): FlowProblem[] {
  const parsed = flowDefinitionSchema.safeParse(input);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({ node_id: null, message: `${issue.path.join('.')}: ${issue.message}` }));
  }
  const problems = checkGraph(parsed.data);
  if (options.kind === 'active') {
    for (const node of firstSendingNodes(parsed.data)) {
      if (node.type !== 'template') problems.push({ node_id: node.id, message: activeNeedsTemplate(node) });
    }
  }
  return problems;
}

function checkGraph(flow: FlowDefinition): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const nodes = new Map<string, FlowNode>();
  for (const node of flow.nodes) {
    if (nodes.has(node.id)) problems.push({ node_id: node.id, message: `Há dois blocos com o identificador ${label(node)}.` });
    nodes.set(node.id, node);
  }
  const starts = flow.nodes.filter((node) => node.type === 'start');
  if (starts.length === 0) problems.push({ node_id: null, message: 'O fluxo precisa de um bloco de início.' });
  if (starts.length > 1) problems.push({ node_id: starts[1]?.id ?? null, message: 'O fluxo deve ter um único bloco de início.' });

  const used = new Map<string, number>();
  const next = new Map<string, string[]>();
  for (const edge of flow.edges) {
    const source = nodes.get(edge.source);
    if (!source || !nodes.has(edge.target)) {
      problems.push({ node_id: source?.id ?? null, message: 'Uma ligação aponta para um bloco que não existe.' });
      continue;
    }
    const exit = edgeExit(edge, source);
    if (exit === null || !nodeExits(source).includes(exit)) {
      problems.push({ node_id: source.id, message: `O bloco ${label(source)} não tem a saída "${exitName(exit ?? '')}".` });
      continue;
    }
    const key = `${source.id}\u0000${exit}`;
    used.set(key, (used.get(key) ?? 0) + 1);
    next.set(source.id, [...(next.get(source.id) ?? []), edge.target]);
  }

  for (const node of flow.nodes) {
    for (const exit of nodeExits(node)) {
      const count = used.get(`${node.id}\u0000${exit}`) ?? 0;
      if (count > 1) problems.push({ node_id: node.id, message: `A saída "${exitName(exit)}" do bloco ${label(node)} tem mais de uma ligação.` });
      if (count === 0 && !OPTIONAL_EXITS.has(exit)) {
        problems.push({
          node_id: node.id,
          message:
            node.type === 'ask'
              ? `A pergunta ${label(node)} não tem caminho para a resposta.`
              : `O bloco ${label(node)} não leva a lugar nenhum: ligue a saída "${exitName(exit)}" ou termine com um bloco de fim.`,
        });
      }
    }
    if (node.type === 'ask' && node.data.answer === 'option' && node.data.options.length < 2) {
      problems.push({ node_id: node.id, message: `A pergunta ${label(node)} precisa de pelo menos duas opções.` });
    }
  }

  const start = starts[0];
  if (start) {
    const reached = new Set([start.id]);
    const pending = [start.id];
    while (pending.length > 0) {
      for (const target of next.get(pending.pop() as string) ?? []) {
        if (!reached.has(target)) {
          reached.add(target);
          pending.push(target);
        }
      }
    }
    for (const node of flow.nodes) {
      if (!reached.has(node.id)) problems.push({ node_id: node.id, message: `O bloco ${label(node)} nunca é alcançado a partir do início.` });
    }
  }
  return problems;
}
