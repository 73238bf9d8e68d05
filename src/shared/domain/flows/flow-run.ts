import { acceptAnswer, numberedList, questionText } from './answers';
import { ruleHolds, type FlowClock } from './flow-conditions';
import { edgeExit, type ContactField, type FlowDefinition, type FlowNode } from './flow-schema';
import { interpolate } from './interpolate';

/**
 * The chat-flow interpreter (issue 16) as a pure function: the engine stores the session state,
 * feeds it one input at a time (the start, a customer's answer, a timer, an HTTP answer) and
 * carries out the effects it returns (sends, contact updates, transfer, waits). Keeping IO out of
 * it lets the engine make each step one transaction, and lets the builder's test panel run the
 * very same code.
 */
export type FlowStatus = 'waiting_answer' | 'waiting_timer' | 'waiting_http' | 'finished' | 'handed_over' | 'stopped';

export interface FlowSessionState {
  /** The node the session waits at, or the last one it ran once it ended. */
  node_id: string | null;
  status: FlowStatus;
  variables: Record<string, string>;
  /** Invalid answers given at the current question. */
  retries: number;
  /** Nodes run since the customer last answered: the loop guard's count. */
  steps_without_answer: number;
}

export type FlowInput =
  | { kind: 'start' }
  | { kind: 'answer'; text: string }
  | { kind: 'timer' }
  | { kind: 'http'; ok: boolean; body: unknown };

export type HandOverReason = 'invalid_answer' | 'http_error' | 'loop';

export type FlowEffect =
  | { kind: 'send'; text: string; media_url: string | null; buttons: string[] }
  | { kind: 'template'; name: string; language: string; parameters: string[] }
  | { kind: 'save_contact'; field: ContactField; value: string }
  | { kind: 'transfer'; department_id: string | null; user_id: string | null }
  | { kind: 'http'; method: 'GET' | 'POST'; url: string; body: string | null; timeout_ms: number }
  | { kind: 'wait'; seconds: number }
  | { kind: 'add_category'; category_id: string }
  | { kind: 'end'; closing_message: string | null }
  | { kind: 'hand_over'; reason: HandOverReason };

export interface FlowEnvironment {
  contact: Readonly<Partial<Record<ContactField, string | null>>>;
  clock: FlowClock;
  /** The loop guard: a session that runs more nodes than this without an answer stops. */
  maxStepsWithoutAnswer?: number;
}

export interface FlowStep {
  state: FlowSessionState;
  effects: FlowEffect[];
}

export const DEFAULT_MAX_STEPS_WITHOUT_ANSWER = 25;

export const LOOP_STOPPED_TEXT = 'O atendimento automático foi interrompido. Um atendente vai continuar a conversa.';
export const RETRY_PREFIX = 'Não entendi sua resposta.';

const ENDED: ReadonlySet<FlowStatus> = new Set(['finished', 'handed_over', 'stopped']);

export const isSessionOver = (state: FlowSessionState): boolean => ENDED.has(state.status);

function exitTarget(flow: FlowDefinition, node: FlowNode, exit: string): string | null {
  const edge = flow.edges.find((candidate) => candidate.source === node.id && edgeExit(candidate, node) === exit);
  return edge?.target ?? null;
}

const getJsonPath = (body: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), body);

/** Runs from `nodeId` until the flow waits or ends, appending effects. */
function runFrom(flow: FlowDefinition, nodes: Map<string, FlowNode>, state: FlowSessionState, nodeId: string | null, env: FlowEnvironment, effects: FlowEffect[], missingExit: HandOverReason): FlowSessionState {
  const limit = env.maxStepsWithoutAnswer ?? DEFAULT_MAX_STEPS_WITHOUT_ANSWER;
  let current = state;
  let id = nodeId;
  let reason = missingExit;
  for (;;) {
    const node = id === null ? undefined : nodes.get(id);
    if (!node) {
      effects.push({ kind: 'hand_over', reason });
      return { ...current, status: 'handed_over' };
    }
    reason = 'invalid_answer';
    const steps = current.steps_without_answer + 1;
    if (steps > limit) {
      effects.push({ kind: 'send', text: LOOP_STOPPED_TEXT, media_url: null, buttons: [] }, { kind: 'hand_over', reason: 'loop' });
      return { ...current, node_id: node.id, status: 'stopped', steps_without_answer: steps };
    }
    current = { ...current, node_id: node.id, steps_without_answer: steps };
    const text = (value: string) => interpolate(value, current.variables, env.contact);
    switch (node.type) {
      case 'start':
        id = exitTarget(flow, node, 'next');
        break;
      case 'message':
        effects.push({ kind: 'send', text: text(numberedList(node.data.text, node.data.list ?? [])), media_url: node.data.media_url ?? null, buttons: node.data.buttons });
        id = exitTarget(flow, node, 'next');
        break;
      case 'template':
        effects.push({ kind: 'template', name: node.data.name, language: node.data.language, parameters: node.data.parameters.map(text) });
        id = exitTarget(flow, node, 'next');
        break;
      case 'category':
        effects.push({ kind: 'add_category', category_id: node.data.category_id });
        id = exitTarget(flow, node, 'next');
        break;
      case 'condition': {
        const holds = node.data.rules.map((rule) => ruleHolds(rule, current.variables, env.contact, env.clock));
        const passed = node.data.match === 'all' ? holds.every(Boolean) : holds.some(Boolean);
        id = exitTarget(flow, node, passed ? 'true' : 'false');
        break;
      }
      case 'ask':
        effects.push({ kind: 'send', text: text(questionText(node.data.question, node.data.answer, node.data.options)), media_url: null, buttons: [] });
        return { ...current, status: 'waiting_answer', retries: 0 };
      case 'wait':
        effects.push({ kind: 'wait', seconds: node.data.seconds });
        return { ...current, status: 'waiting_timer' };
      case 'http':
        effects.push({ kind: 'http', method: node.data.method, url: text(node.data.url), body: node.data.body ? text(node.data.body) : null, timeout_ms: node.data.timeout_ms });
        return { ...current, status: 'waiting_http' };
      case 'transfer':
        effects.push({ kind: 'transfer', department_id: node.data.department_id ?? null, user_id: node.data.user_id ?? null });
        return { ...current, status: 'handed_over' };
      case 'end':
        effects.push({ kind: 'end', closing_message: node.data.closing_message ? text(node.data.closing_message) : null });
        return { ...current, status: 'finished' };
    }
  }
}

export const newSessionState = (): FlowSessionState => ({ node_id: null, status: 'waiting_answer', variables: {}, retries: 0, steps_without_answer: 0 });

/**
 * One step of a session. An input the session does not wait for (an answer during a wait, a
 * second timer) changes nothing and has no effect, so a duplicated delivery advances it once.
 */
export function advanceFlow(flow: FlowDefinition, state: FlowSessionState | null, input: FlowInput, env: FlowEnvironment): FlowStep {
  const nodes = new Map(flow.nodes.map((node) => [node.id, node]));
  const effects: FlowEffect[] = [];
  if (state === null || input.kind === 'start') {
    if (state !== null) return { state, effects };
    const start = flow.nodes.find((node) => node.type === 'start');
    return { state: runFrom(flow, nodes, newSessionState(), start?.id ?? null, env, effects, 'invalid_answer'), effects };
  }
  const node = state.node_id === null ? undefined : nodes.get(state.node_id);
  if (isSessionOver(state) || !node) return { state, effects };

  if (input.kind === 'answer' && state.status === 'waiting_answer' && node.type === 'ask') {
    const value = acceptAnswer(node.data.answer, input.text, node.data.options);
    const answered = { ...state, steps_without_answer: 0 };
    if (value === null) {
      if (state.retries >= node.data.retries) {
        return { state: runFrom(flow, nodes, { ...answered, retries: 0 }, exitTarget(flow, node, 'invalid'), env, effects, 'invalid_answer'), effects };
      }
      const retry = node.data.retry_message?.trim()
        ? interpolate(node.data.retry_message, state.variables, env.contact)
        : `${RETRY_PREFIX} ${interpolate(questionText(node.data.question, node.data.answer, node.data.options), state.variables, env.contact)}`;
      effects.push({ kind: 'send', text: retry, media_url: null, buttons: [] });
      return { state: { ...answered, retries: state.retries + 1 }, effects };
    }
    const variables = { ...state.variables, [`answer_${node.id}`]: value };
    const target = node.data.save_to;
    if (target?.scope === 'variable') variables[target.key] = value;
    if (target?.scope === 'contact') effects.push({ kind: 'save_contact', field: target.key, value });
    const exit = node.data.answer === 'option' ? `option-${node.data.options.indexOf(value)}` : 'answer';
    return { state: runFrom(flow, nodes, { ...answered, variables, retries: 0 }, exitTarget(flow, node, exit), env, effects, 'invalid_answer'), effects };
  }
  if (input.kind === 'timer' && state.status === 'waiting_timer' && node.type === 'wait') {
    return { state: runFrom(flow, nodes, state, exitTarget(flow, node, 'next'), env, effects, 'invalid_answer'), effects };
  }
  if (input.kind === 'http' && state.status === 'waiting_http' && node.type === 'http') {
    const variables = { ...state.variables };
    if (input.ok) {
      for (const { path, variable } of node.data.map) {
        const value = getJsonPath(input.body, path);
        variables[variable] = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
      }
    }
    return {
      state: runFrom(flow, nodes, { ...state, variables }, exitTarget(flow, node, input.ok ? 'ok' : 'error'), env, effects, input.ok ? 'invalid_answer' : 'http_error'),
      effects,
    };
  }
  return { state, effects };
}
