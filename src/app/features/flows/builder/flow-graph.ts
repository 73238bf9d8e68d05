import type { Edge, Node } from '@xyflow/react';
import type { FlowDefinition, FlowEdge, FlowNode, FlowNodeType } from '../../../../shared/domain/flows/flow-schema';

/** The canvas holds the flow's own nodes: `type` picks the block, `data` is what the block does. */
export type CanvasNode = Node<Record<string, unknown>, FlowNodeType>;
export type CanvasEdge = Edge;

export interface Graph {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

export function toGraph(definition: FlowDefinition): Graph {
  return {
    nodes: definition.nodes.map((node) => ({ id: node.id, type: node.type, position: node.position, data: node.data as Record<string, unknown> })),
    edges: definition.edges.map((edge) => ({ id: edge.id, source: edge.source, target: edge.target, sourceHandle: edge.sourceHandle ?? null })),
  };
}

/** What is saved: only the flow's fields, never the canvas's own (selection, measured size). */
export function toDefinition(graph: Graph): FlowDefinition {
  return {
    nodes: graph.nodes.map((node) => ({ id: node.id, type: node.type, position: { x: Math.round(node.position.x), y: Math.round(node.position.y) }, data: node.data }) as FlowNode),
    edges: graph.edges.map((edge): FlowEdge => ({ id: edge.id, source: edge.source, target: edge.target, sourceHandle: edge.sourceHandle ?? null })),
  };
}

/** A parseable draft, or an empty flow with its start block (a draft saved by an older build may not parse). */
export function parseDraft(text: string): FlowDefinition {
  try {
    const value = JSON.parse(text) as Partial<FlowDefinition>;
    return { nodes: Array.isArray(value.nodes) ? value.nodes : [], edges: Array.isArray(value.edges) ? value.edges : [] };
  } catch {
    return { nodes: [], edges: [] };
  }
}

/** What a new block starts with: valid where it can be, so a flow is runnable with few edits. */
export function newNodeData(type: FlowNodeType): Record<string, unknown> {
  switch (type) {
    case 'start':
      return { trigger: 'message' };
    case 'message':
      return { text: 'Olá! Como podemos ajudar?', buttons: [], list: [] };
    case 'template':
      return { name: '', language: 'pt_BR', parameters: [] };
    case 'ask':
      return { question: 'Qual é o seu nome?', answer: 'text', options: [], retries: 2, save_to: { scope: 'contact', key: 'name' } };
    case 'condition':
      return { match: 'all', rules: [{ source: 'business_hours', op: 'open', key: null, value: null }] };
    case 'transfer':
      return { department_id: null, user_id: null };
    case 'http':
      return { method: 'GET', url: 'https://', body: null, timeout_ms: 5000, map: [] };
    case 'wait':
      return { seconds: 60 };
    case 'category':
      return { category_id: '' };
    case 'end':
      return { closing_message: null };
  }
}

/** A block id nobody has yet, readable in problems ("pergunta-2"). */
export function nextNodeId(type: FlowNodeType, taken: ReadonlyArray<{ id: string }>): string {
  const prefix = { start: 'inicio', message: 'mensagem', template: 'modelo', ask: 'pergunta', condition: 'condicao', transfer: 'transferir', http: 'http', wait: 'aguardar', category: 'categoria', end: 'fim' }[type];
  const ids = new Set(taken.map((node) => node.id));
  for (let n = 1; ; n += 1) {
    const id = `${prefix}-${n}`;
    if (!ids.has(id)) return id;
  }
}
