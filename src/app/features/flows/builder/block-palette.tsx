import { Button, Stack, Text } from '@mantine/core';
import type { FlowNodeType } from '../../../../shared/domain/flows/flow-schema';
import { NODE_LABELS, flowTexts } from '../texts';

export const BLOCK_MIME = 'application/x-pedbot-flow-block';

const PALETTE: FlowNodeType[] = ['message', 'template', 'ask', 'condition', 'transfer', 'wait', 'http', 'category', 'end'];

/** The blocks one can add: dragged onto the canvas, or clicked (keyboard) to land below the others. */
export function BlockPalette({ onAdd }: { onAdd: (type: FlowNodeType) => void }) {
  return (
    <Stack gap={6} w={170} aria-label={flowTexts.builder.palette}>
      <Text fw={600} size="sm">
        {flowTexts.builder.palette}
      </Text>
      <Text size="xs" c="dimmed">
        {flowTexts.builder.paletteHint}
      </Text>
      {PALETTE.map((type) => (
        <Button
          key={type}
          variant="default"
          size="xs"
          justify="flex-start"
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData(BLOCK_MIME, type);
            event.dataTransfer.effectAllowed = 'move';
          }}
          onClick={() => onAdd(type)}
        >
          {NODE_LABELS[type]}
        </Button>
      ))}
    </Stack>
  );
}
