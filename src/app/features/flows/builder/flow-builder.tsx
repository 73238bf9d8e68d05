import '@xyflow/react/dist/style.css';
import { Alert, Badge, Button, Group, List, NumberInput, ScrollArea, Stack, Tabs, Text, TextInput, Textarea, useComputedColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  applyEdgeChanges,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import { useCallback, useEffect, useMemo, useState, type DragEvent } from 'react';
import { checkFlow, type FlowProblem } from '../../../../shared/domain/flows/flow-check';
import type { FlowNodeType } from '../../../../shared/domain/flows/flow-schema';
import { confirmDanger, useGqlMutation } from '../../../ui/admin';
import { PUBLISH_FLOW, SAVE_FLOW, type FlowRow } from '../api/flow-operations';
import { flowTexts } from '../texts';
import { BLOCK_MIME, BlockPalette } from './block-palette';
import { FlowBlock } from './flow-block';
import { newNodeData, nextNodeId, parseDraft, toDefinition, toGraph, type CanvasNode, type Graph } from './flow-graph';
import { NodeEditor, type EditorChoices } from './node-editor';
import { TestPanel } from './test-panel';
import { useGraphHistory } from './use-graph-history';
import { VersionsPanel } from './versions-panel';

const t = flowTexts.builder;
/** xyflow's own controls, in the store's language. */
const ARIA_LABELS = {
  'node.a11yDescription.default': 'Enter ou espaço seleciona o bloco; Delete o remove; Esc cancela.',
  'node.a11yDescription.keyboardDisabled': 'Enter ou espaço seleciona o bloco; as setas o movem; Delete o remove; Esc cancela.',
  'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }: { direction: string; x: number; y: number }) => `Bloco movido (${direction}). Nova posição: x ${x}, y ${y}.`,
  'edge.a11yDescription.default': 'Enter ou espaço seleciona a ligação; Delete a remove; Esc cancela.',
  'controls.ariaLabel': 'Controles do quadro',
  'controls.zoomIn.ariaLabel': 'Aproximar',
  'controls.zoomOut.ariaLabel': 'Afastar',
  'controls.fitView.ariaLabel': 'Ajustar à tela',
  'controls.interactive.ariaLabel': 'Travar o quadro',
  'minimap.ariaLabel': 'Minimapa',
  'handle.ariaLabel': 'Ponto de ligação',
};
/** A small flow is shown at its real size rather than blown up to fill the canvas. */
const FIT_VIEW = { maxZoom: 1 };
const NODE_TYPES = Object.fromEntries(['start', 'message', 'template', 'ask', 'condition', 'transfer', 'http', 'wait', 'category', 'end'].map((type) => [type, FlowBlock]));

interface Props {
  flow: FlowRow;
  choices: EditorChoices;
  onClose: () => void;
}

/** The chat-flow builder (issue 16 §1): blocks on a canvas, their properties, checks, versions and a test run. */
export function FlowBuilder(props: Props) {
  return (
    <ReactFlowProvider>
      <BuilderCanvas {...props} />
    </ReactFlowProvider>
  );
}

function BuilderCanvas({ flow, choices, onClose }: Props) {
  const scheme = useComputedColorScheme('light');
  const { screenToFlowPosition } = useReactFlow();
  const history = useGraphHistory(useMemo(() => toGraph(parseDraft(flow.draft)), [flow.draft]));
  const { graph, set } = history;
  const [name, setName] = useState(flow.name);
  const [expireMinutes, setExpireMinutes] = useState<number>(flow.expire_minutes);
  const [expireMessage, setExpireMessage] = useState(flow.expire_message ?? '');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [panel, setPanel] = useState<string | null>('editor');
  const [testNode, setTestNode] = useState<string | null>(null);
  const [savedText, setSavedText] = useState(() => JSON.stringify(toDefinition(toGraph(parseDraft(flow.draft)))));
  const save = useGqlMutation(SAVE_FLOW, { invalidates: ['flows'] });
  const publish = useGqlMutation(PUBLISH_FLOW, { invalidates: ['flows'] });

  const definition = useMemo(() => toDefinition(graph), [graph]);
  const problems: FlowProblem[] = useMemo(() => checkFlow(definition, { kind: flow.kind === 'active' ? 'active' : 'passive' }), [definition, flow.kind]);
  const draftText = JSON.stringify(definition);
  const dirty = draftText !== savedText || name !== flow.name || expireMinutes !== flow.expire_minutes || expireMessage !== (flow.expire_message ?? '');
  const selected = graph.nodes.find((node) => node.id === selectedId) ?? null;

  const nodes = useMemo(
    () => graph.nodes.map((node) => ({ ...node, selected: node.id === selectedId || node.id === testNode })),
    [graph.nodes, selectedId, testNode],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<CanvasNode>[]) => {
      const kept = changes.filter((change) => change.type !== 'select' && !(change.type === 'remove' && graph.nodes.find((n) => n.id === change.id)?.type === 'start'));
      if (kept.length === 0) return;
      // A drag records one step where the block lands; dimensions are the canvas's own business.
      const record = kept.some((change) => change.type === 'remove' || (change.type === 'position' && change.dragging === false));
      set((current: Graph) => {
        const removed = new Set(kept.flatMap((change) => (change.type === 'remove' ? [change.id] : [])));
        return {
          nodes: applyNodeChanges(kept, current.nodes),
          edges: removed.size === 0 ? current.edges : current.edges.filter((edge) => !removed.has(edge.source) && !removed.has(edge.target)),
        };
      }, record);
    },
    [graph.nodes, set],
  );
  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    const kept = changes.filter((change) => change.type === 'remove');
    if (kept.length > 0) set((current: Graph) => ({ ...current, edges: applyEdgeChanges(kept, current.edges) }));
  }, [set]);
  const onConnect = useCallback((connection: Connection) => {
    if (connection.source === connection.target) return;
    // One edge per exit: connecting an exit again moves its edge.
    set((current: Graph) => ({
      ...current,
      edges: [
        ...current.edges.filter((edge) => !(edge.source === connection.source && (edge.sourceHandle ?? null) === (connection.sourceHandle ?? null))),
        { id: `${connection.source}-${connection.sourceHandle ?? 'next'}-${connection.target}`, source: connection.source, target: connection.target, sourceHandle: connection.sourceHandle ?? null },
      ],
    }));
  }, [set]);

  const addBlock = useCallback((type: FlowNodeType, position?: { x: number; y: number }) => {
    set((current: Graph) => {
      const id = nextNodeId(type, current.nodes);
      const lowest = current.nodes.reduce((max, node) => Math.max(max, node.position.y), 0);
      const node: CanvasNode = { id, type, position: position ?? { x: 0, y: lowest + 160 }, data: newNodeData(type) };
      setSelectedId(id);
      setPanel('editor');
      return { ...current, nodes: [...current.nodes, node] };
    });
  }, [set]);

  const onDrop = useCallback((event: DragEvent) => {
    event.preventDefault();
    const type = event.dataTransfer.getData(BLOCK_MIME) as FlowNodeType;
    if (type) addBlock(type, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  }, [addBlock, screenToFlowPosition]);

  const updateSelected = (data: Record<string, unknown>) =>
    set((current: Graph) => ({ ...current, nodes: current.nodes.map((node) => (node.id === selectedId ? { ...node, data } : node)) }));
  const removeSelected = () => {
    set((current: Graph) => ({ nodes: current.nodes.filter((n) => n.id !== selectedId), edges: current.edges.filter((e) => e.source !== selectedId && e.target !== selectedId) }));
    setSelectedId(null);
  };

  const input = () => ({ name, draft: draftText, expire_minutes: expireMinutes, expire_message: expireMessage || null });
  const saveDraft = async (): Promise<boolean> => {
    try {
      await save.mutateAsync({ id: flow.id, input: input() });
      setSavedText(draftText);
      return true;
    } catch {
      return false;
    }
  };
  const onSave = async () => {
    if (await saveDraft()) notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.saved });
  };
  const onPublish = async () => {
    if (problems.length > 0) {
      setPanel('problems');
      notifications.show({ color: 'orange', title: t.cannotPublish, message: problems[0]?.message ?? '' });
      return;
    }
    if (!(await saveDraft())) return;
    const result = await publish.mutateAsync({ id: flow.id }).catch(() => null);
    if (!result) return;
    if (result.publishChatFlow.problems.length > 0) {
      setPanel('problems');
      return;
    }
    notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.published(result.publishChatFlow.flow.published_version ?? 0) });
  };
  const close = async () => {
    if (dirty && !(await confirmDanger({ title: t.close, message: t.unsaved, confirmLabel: t.close }))) return;
    onClose();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA'].includes(target.tagName)) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        if (event.shiftKey) history.redo();
        else history.undo();
      } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'y') {
        event.preventDefault();
        history.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history]);

  return (
    <Stack gap="sm" h="100%">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <TextInput aria-label="Nome do fluxo" value={name} onChange={(e) => setName(e.currentTarget.value)} w={240} />
          <Badge variant="light" color={flow.published_version ? 'teal' : 'gray'}>
            {flow.published_version ? `v${flow.published_version}` : flowTexts.notPublished}
          </Badge>
          {dirty && <Badge variant="light" color="orange">{flowTexts.changed}</Badge>}
        </Group>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={history.undo} disabled={!history.canUndo}>
            {t.undo}
          </Button>
          <Button variant="default" size="xs" onClick={history.redo} disabled={!history.canRedo}>
            {t.redo}
          </Button>
          <Button variant="light" size="xs" onClick={() => void onSave()} loading={save.isPending}>
            {t.save}
          </Button>
          <Button size="xs" onClick={() => void onPublish()} loading={publish.isPending}>
            {t.publish}
          </Button>
          <Button variant="subtle" size="xs" onClick={() => void close()}>
            {t.close}
          </Button>
        </Group>
      </Group>
      <Group align="stretch" gap="sm" wrap="nowrap" style={{ flex: 1, minHeight: 0 }}>
        <BlockPalette onAdd={(type) => addBlock(type)} />
        <div style={{ flex: 1, minWidth: 0, border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }} aria-label={t.canvas} onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
          <ReactFlow<CanvasNode>
            nodes={nodes}
            edges={graph.edges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            onNodeClick={(_, node) => {
              setSelectedId(node.id);
              setPanel('editor');
            }}
            onPaneClick={() => setSelectedId(null)}
            deleteKeyCode={['Backspace', 'Delete']}
            colorMode={scheme}
            ariaLabelConfig={ARIA_LABELS}
            fitView
            fitViewOptions={FIT_VIEW}
            proOptions={{ hideAttribution: true }}
          >
            <Background />
            <Controls showInteractive={false} />
            <MiniMap pannable zoomable style={{ width: 120, height: 80 }} />
          </ReactFlow>
        </div>
        <ScrollArea w={340} type="auto">
          <Tabs value={panel} onChange={setPanel} keepMounted>
            <Tabs.List grow>
              <Tabs.Tab value="editor">{t.editor.split(' ')[0]}</Tabs.Tab>
              <Tabs.Tab value="test">{t.test}</Tabs.Tab>
              <Tabs.Tab value="problems" rightSection={problems.length > 0 ? <Badge size="xs" color="orange">{problems.length}</Badge> : null}>
                Problemas
              </Tabs.Tab>
              <Tabs.Tab value="versions">{t.versions}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="editor" pt="sm">
              {selected ? (
                <NodeEditor key={selected.id} node={selected} choices={choices} onChange={updateSelected} onRemove={removeSelected} />
              ) : (
                <Stack gap="sm">
                  <Text size="sm" c="dimmed">
                    {t.editorEmpty}
                  </Text>
                  <NumberInput label={t.expireMinutes} min={1} max={10080} value={expireMinutes} onChange={(v) => setExpireMinutes(Number(v) || 30)} />
                  <Textarea label={t.expireMessage} autosize value={expireMessage} onChange={(e) => setExpireMessage(e.currentTarget.value)} />
                </Stack>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="test" pt="sm">
              <TestPanel definition={definition} choices={choices} onStep={setTestNode} />
            </Tabs.Panel>
            <Tabs.Panel value="problems" pt="sm">
              {problems.length === 0 ? (
                <Alert color="teal" variant="light">
                  {t.noProblems}
                </Alert>
              ) : (
                <List size="sm" spacing={6} aria-label={t.problems}>
                  {problems.map((problem, index) => (
                    <List.Item key={index} onClick={() => problem.node_id && setSelectedId(problem.node_id)} style={{ cursor: problem.node_id ? 'pointer' : undefined }}>
                      {problem.message}
                    </List.Item>
                  ))}
                </List>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="versions" pt="sm">
              <VersionsPanel flow={flow} onRestored={(draft) => {
                history.reset(toGraph(parseDraft(draft)));
                setSavedText(JSON.stringify(toDefinition(toGraph(parseDraft(draft)))));
              }} />
            </Tabs.Panel>
          </Tabs>
        </ScrollArea>
      </Group>
    </Stack>
  );
}
