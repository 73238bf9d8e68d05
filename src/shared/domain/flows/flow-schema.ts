import { z } from 'zod';

/**
 * A chat flow as stored and published (issue 16): nodes and edges as the canvas (@xyflow/react)
 * holds them, so the builder saves exactly what it shows. One schema, parsed by the builder before
 * it lets you publish and by the server on every save.
 */

const id = z.string().trim().min(1).max(64);
const text = z.string().max(4096);
const shortText = z.string().trim().min(1).max(120);
const variableName = z
  .string()
  .trim()
  .regex(/^[a-z_][a-z0-9_]{0,39}$/i, 'Use letras, números e _ no nome da variável.');

/** Contact fields a flow may read and write (SPEC §3 Customer). */
export const CONTACT_FIELDS = ['name', 'address', 'open_field', 'document_register'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const ANSWER_KINDS = ['text', 'number', 'email', 'cpf', 'option'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

const saveTarget = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('variable'), key: variableName }),
  z.object({ scope: z.literal('contact'), key: z.enum(CONTACT_FIELDS) }),
]);
export type SaveTarget = z.infer<typeof saveTarget>;

const startData = z.object({ trigger: z.enum(['message', 'manual']).default('message') });
const messageData = z.object({
  text: text.min(1, 'Escreva a mensagem.'),
  media_url: z.string().trim().max(2048).nullish(),
  /** Up to three quick-reply buttons, as WhatsApp allows. */
  buttons: z.array(shortText).max(3).default([]),
  /**
   * A list of up to ten items (a menu, a price list) shown under the text, one numbered line each:
   * what the customer reads on every channel, interactive or not.
   */
  list: z.array(shortText).max(10).optional(),
});
/**
 * An approved WhatsApp template (issue 16 active flows): the only thing a business may send first
 * outside the customer's 24-hour window. Parameters fill the body's {{1}}, {{2}}… in order and may
 * use flow variables.
 */
const templateData = z.object({
  name: z.string().trim().regex(/^[a-z0-9_]{1,512}$/, 'Informe o nome do modelo aprovado (letras minúsculas, números e _).'),
  language: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Informe o idioma do modelo, por exemplo pt_BR.').default('pt_BR'),
  parameters: z.array(z.string().max(1024)).max(10).default([]),
});
const askData = z.object({
  question: text.min(1, 'Escreva a pergunta.'),
  answer: z.enum(ANSWER_KINDS).default('text'),
  /** The choices of an `option` answer: the customer answers with the number or the text. */
  options: z.array(shortText).max(10).default([]),
  save_to: saveTarget.nullish(),
  /** How many times an invalid answer is asked again before the `invalid` path. */
  retries: z.number().int().min(0).max(5).default(2),
  retry_message: text.nullish(),
});
const conditionRule = z.object({
  source: z.enum(['variable', 'contact', 'business_hours', 'weekday', 'time']),
  key: z.string().trim().max(40).nullish(),
  op: z.enum(['eq', 'neq', 'contains', 'gt', 'lt', 'empty', 'not_empty', 'open', 'closed', 'in', 'between']),
  value: z.string().max(200).nullish(),
});
export type ConditionRule = z.infer<typeof conditionRule>;
const conditionData = z.object({ match: z.enum(['all', 'any']).default('all'), rules: z.array(conditionRule).min(1, 'Adicione uma regra.') });
const transferData = z
  .object({ department_id: z.string().nullish(), user_id: z.string().nullish() })
  .refine((data) => Boolean(data.department_id || data.user_id), 'Escolha um departamento ou um atendente.');
const httpData = z.object({
  method: z.enum(['GET', 'POST']).default('GET'),
  url: z.string().trim().url('Informe um endereço http(s) válido.').max(2048),
  body: z.string().max(8192).nullish(),
  timeout_ms: z.number().int().min(100).max(15_000).default(5000),
  /** JSON paths of the answer (`a.b.0.c`) copied into variables. */
  map: z.array(z.object({ path: z.string().trim().min(1).max(200), variable: variableName })).max(20).default([]),
});
const waitData = z.object({ seconds: z.number().int().min(1).max(7 * 24 * 3600) });
const categoryData = z.object({ category_id: z.string().min(1, 'Escolha a categoria.') });
const endData = z.object({ closing_message: text.nullish() });

const position = z.object({ x: z.number().finite(), y: z.number().finite() });
const node = <T extends string, D extends z.ZodTypeAny>(type: T, data: D) =>
  z.object({ id, type: z.literal(type), position: position.default({ x: 0, y: 0 }), data });

export const flowNodeSchema = z.discriminatedUnion('type', [
  node('start', startData),
  node('message', messageData),
  node('template', templateData),
  node('ask', askData),
  node('condition', conditionData),
  node('transfer', transferData),
  node('http', httpData),
  node('wait', waitData),
  node('category', categoryData),
  node('end', endData),
]);
export type FlowNode = z.infer<typeof flowNodeSchema>;
export type FlowNodeType = FlowNode['type'];
export type FlowNodeOf<T extends FlowNodeType> = Extract<FlowNode, { type: T }>;

export const flowEdgeSchema = z.object({
  id,
  source: id,
  /** Which exit of the source node: see `nodeExits`. */
  sourceHandle: z.string().max(64).nullish(),
  target: id,
});
export type FlowEdge = z.infer<typeof flowEdgeSchema>;

export const flowDefinitionSchema = z.object({
  nodes: z.array(flowNodeSchema).max(300),
  edges: z.array(flowEdgeSchema).max(1000),
});
export type FlowDefinition = z.infer<typeof flowDefinitionSchema>;

/**
 * The exits of a node, each a `sourceHandle`: a terminal node has none; an ask has one per option
 * (or `answer`) plus `invalid`; a condition `true`/`false`; an HTTP request `ok`/`error`.
 */
export function nodeExits(node: FlowNode): string[] {
  switch (node.type) {
    case 'transfer':
    case 'end':
      return [];
    case 'ask':
      return node.data.answer === 'option' ? [...node.data.options.map((_, index) => `option-${index}`), 'invalid'] : ['answer', 'invalid'];
    case 'condition':
      return ['true', 'false'];
    case 'http':
      return ['ok', 'error'];
    default:
      return ['next'];
  }
}

/** The exit an edge leaves by: an edge without a handle leaves by the node's only exit. */
export const edgeExit = (edge: FlowEdge, source: FlowNode): string | null => edge.sourceHandle ?? nodeExits(source)[0] ?? null;
