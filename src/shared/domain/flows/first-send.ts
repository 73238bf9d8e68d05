import { edgeExit, nodeExits, type FlowDefinition, type FlowNode } from './flow-schema';

/** Blocks that write nothing to the customer: a session passes through them to its first send. */
const SILENT: ReadonlySet<FlowNode['type']> = new Set(['start', 'condition', 'category', 'wait', 'http']);

const sends = (node: FlowNode): boolean =>
  node.type === 'message' || node.type === 'ask' || node.type === 'template' || (node.type === 'end' && Boolean(node.data.closing_message?.trim()));

/**
 * The blocks that may write to the customer first, over every path from the start (conditions
 * either way, an HTTP request answered or not). A transfer, or an end without a closing message,
 * writes nothing and ends the path.
 */
export function firstSendingNodes(flow: FlowDefinition): FlowNode[] {
  const nodes = new Map(flow.nodes.map((node) => [node.id, node]));
  const start = flow.nodes.find((node) => node.type === 'start');
  const found = new Map<string, FlowNode>();
  const seen = new Set<string>();
  const pending: FlowNode[] = start ? [start] : [];
  while (pending.length > 0) {
    const node: FlowNode = pending.pop() as FlowNode;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    if (sends(node)) {
      found.set(node.id, node);
      continue;
    }
    if (!SILENT.has(node.type)) continue;
    const exits = new Set(nodeExits(node));
    for (const edge of flow.edges) {
      const target = edge.source === node.id && exits.has(edgeExit(edge, node) ?? '') ? nodes.get(edge.target) : undefined;
      if (target) pending.push(target);
    }
  }
  return [...found.values()];
}

/**
 * WhatsApp's rule for a business writing first: outside the customer's 24-hour window only an
 * approved template may open the conversation, so every first send must be one.
 */
export const startsWithTemplate = (flow: FlowDefinition): boolean => firstSendingNodes(flow).every((node) => node.type === 'template');
