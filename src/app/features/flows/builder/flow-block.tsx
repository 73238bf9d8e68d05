import { Badge, Paper, Stack, Text } from '@mantine/core';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { nodeExits, type FlowNode } from '../../../../shared/domain/flows/flow-schema';
import { EXIT_LABELS, NODE_LABELS } from '../texts';
import type { CanvasNode } from './flow-graph';

const COLORS: Record<string, string> = {
  start: 'teal',
  message: 'blue',
  template: 'cyan',
  ask: 'violet',
  condition: 'orange',
  transfer: 'green',
  http: 'gray',
  wait: 'yellow',
  category: 'pink',
  end: 'red',
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One line saying what the block does, so the canvas reads without opening each block. */
export function blockSummary(node: Pick<CanvasNode, 'type' | 'data'>): string {
  const data = node.data;
  switch (node.type) {
    case 'start':
      return data.trigger === 'manual' ? 'Iniciado por um atendente' : 'Primeira mensagem do cliente';
    case 'message':
      return text(data.text);
    case 'template':
      return text(data.name) ? `Modelo ${text(data.name)}` : 'Escolha o modelo';
    case 'ask':
      return text(data.question);
    case 'condition':
      return `${Array.isArray(data.rules) ? data.rules.length : 0} regra(s)`;
    case 'transfer':
      return data.user_id ? 'Para um atendente' : data.department_id ? 'Para um departamento' : 'Escolha o destino';
    case 'http':
      return `${text(data.method)} ${text(data.url)}`;
    case 'wait':
      return `${Number(data.seconds) || 0} s`;
    case 'category':
      return data.category_id ? 'Categoria escolhida' : 'Escolha a categoria';
    case 'end':
      return text(data.closing_message) || 'Sem mensagem de encerramento';
    default:
      return '';
  }
}

function exitLabel(exit: string, data: Record<string, unknown>): string {
  const option = /^option-(\d+)$/.exec(exit);
  if (option && Array.isArray(data.options)) return `${Number(option[1]) + 1}. ${text(data.options[Number(option[1])])}`;
  return EXIT_LABELS[exit] ?? exit;
}

/** A block on the canvas: its kind, what it does, an entry on top and one exit per outcome below. */
export const FlowBlock = memo(function FlowBlock({ id, type, data, selected }: NodeProps<CanvasNode>) {
  const exits = safeExits({ id, type, data } as unknown as FlowNode);
  const color = COLORS[type] ?? 'gray';
  return (
    <Paper
      withBorder
      shadow={selected ? 'md' : 'xs'}
      radius="md"
      p="xs"
      w={Math.max(240, exits.length * 96)}
      data-testid={`bloco-${id}`}
      aria-label={`${NODE_LABELS[type]}: ${id}`}
      style={{ borderColor: selected ? `var(--mantine-color-${color}-6)` : undefined, borderWidth: selected ? 2 : 1 }}
    >
      {type !== 'start' && <Handle type="target" position={Position.Top} aria-label={`Entrada de ${id}`} data-testid={`entrada-${id}`} />}
      <Stack gap={4}>
        <Badge color={color} variant="light" size="sm">
          {NODE_LABELS[type]}
        </Badge>
        <Text size="xs" c="dimmed">
          {id}
        </Text>
        <Text size="sm" lineClamp={3}>
          {blockSummary({ type, data })}
        </Text>
      </Stack>
      {exits.map((exit, index) => (
        <Handle
          key={exit}
          id={exit}
          type="source"
          position={Position.Bottom}
          aria-label={`Saída ${exitLabel(exit, data)} de ${id}`}
          data-testid={`saida-${id}-${exit}`}
          style={{ left: `${((index + 1) / (exits.length + 1)) * 100}%` }}
        >
          <Text size="9px" c="dimmed" style={{ position: 'absolute', top: 8, transform: 'translateX(-50%)', whiteSpace: 'nowrap', pointerEvents: 'none' }}>
            {exitLabel(exit, data)}
          </Text>
        </Handle>
      ))}
    </Paper>
  );
});

function safeExits(node: FlowNode): string[] {
  try {
    return nodeExits(node);
  } catch {
    return ['next'];
  }
}
