import { describe, expect, it } from 'vitest';
import { checkFlow } from '../../../../../src/shared/domain/flows/flow-check';
import { at, edge, flow, menuFlow } from './flow-fixtures';

const messages = (input: unknown) => checkFlow(input).map((problem) => problem.message);

describe('checkFlow: what keeps a flow from being published', () => {
  it('accepts a complete flow', () => {
    expect(checkFlow(menuFlow())).toEqual([]);
  });

  it('needs exactly one start', () => {
    const noStart = menuFlow();
    noStart.nodes = noStart.nodes.filter((node) => node.type !== 'start');
    noStart.edges = noStart.edges.filter((e) => e.source !== 'start');
    expect(messages(noStart)).toContain('O fluxo precisa de um bloco de início.');
    const twoStarts = menuFlow();
    twoStarts.nodes.push({ id: 'start2', type: 'start', position: at, data: { trigger: 'manual' } });
    twoStarts.edges.push(edge('start2', 'hello'));
    expect(messages(twoStarts)).toContain('O fluxo deve ter um único bloco de início.');
  });

  it('flags a dead end, an unanswered question and an unreachable block, naming the block', () => {
    const broken = menuFlow();
    broken.edges = broken.edges.filter((e) => e.target !== 'support' && e.source !== 'hello');
    const problems = checkFlow(broken);
    expect(problems).toContainEqual({ node_id: 'hello', message: expect.stringContaining('não leva a lugar nenhum') as string });
    expect(problems).toContainEqual({ node_id: 'menu', message: 'A pergunta "menu" não tem caminho para a resposta.' });
    expect(problems).toContainEqual({ node_id: 'support', message: 'O bloco "support" nunca é alcançado a partir do início.' });
  });

  it('refuses an edge from an exit the block does not have, two edges from one exit, and edges to nowhere', () => {
    const f = menuFlow();
    f.edges.push(edge('hello', 'sales', 'true'), edge('menu', 'sales', 'option-1'), edge('menu', 'ghost', 'invalid'));
    const found = messages(f);
    expect(found).toContain('O bloco "hello" não tem a saída "sim".');
    expect(found).toContain('A saída "opção 2" do bloco "menu" tem mais de uma ligação.');
    expect(found).toContain('Uma ligação aponta para um bloco que não existe.');
  });

  it('lets the invalid and error exits stay open (the ticket goes to a person) but wants two options', () => {
    const f = flow(
      [
        { id: 's', type: 'start', position: at, data: { trigger: 'message' } },
        { id: 'q', type: 'ask', position: at, data: { question: 'Escolha', answer: 'option', options: ['Só uma'], retries: 1 } },
        { id: 'e', type: 'end', position: at, data: {} },
      ],
      [edge('s', 'q'), edge('q', 'e', 'option-0')],
    );
    expect(messages(f)).toEqual(['A pergunta "q" precisa de pelo menos duas opções.']);
  });

  it('reports schema errors instead of throwing on malformed input', () => {
    expect(checkFlow({ nodes: [{ id: 'x', type: 'teleport' }], edges: [] }).length).toBeGreaterThan(0);
    expect(checkFlow(null).length).toBeGreaterThan(0);
    const badHttp = flow([{ id: 'h', type: 'http', position: at, data: { url: 'not a url', method: 'GET', timeout_ms: 5000, map: [] } } as never], []);
    expect(messages(badHttp).join(' ')).toContain('Informe um endereço http(s) válido.');
  });
});
