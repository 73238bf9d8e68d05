import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import type { FormatMarker } from './text-editing';

const BUTTONS: ReadonlyArray<{ marker: FormatMarker; label: string; keys: string; glyph: string; style: React.CSSProperties }> = [
  { marker: '*', label: t.bold, keys: 'Ctrl+B', glyph: 'B', style: { fontWeight: 800 } },
  { marker: '_', label: t.italic, keys: 'Ctrl+I', glyph: 'I', style: { fontStyle: 'italic', fontFamily: 'serif' } },
  { marker: '~', label: t.strike, keys: 'Ctrl+Shift+X', glyph: 'S', style: { textDecoration: 'line-through' } },
  { marker: '`', label: t.code, keys: 'Ctrl+Shift+M', glyph: '</>', style: { fontFamily: 'monospace', fontSize: 11 } },
];

/** Which marker a keyboard shortcut applies, if any. */
export function markerForShortcut(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): FormatMarker | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (!e.shiftKey && key === 'b') return '*';
  if (!e.shiftKey && key === 'i') return '_';
  if (e.shiftKey && key === 'x') return '~';
  if (e.shiftKey && key === 'm') return '`';
  return null;
}

export function FormatToolbar({
  onFormat,
  preview,
  onTogglePreview,
  disabled,
}: {
  onFormat: (marker: FormatMarker) => void;
  preview: boolean;
  onTogglePreview: () => void;
  disabled?: boolean;
}) {
  return (
    <Group gap={2} wrap="nowrap">
      {BUTTONS.map((b) => (
        <Tooltip key={b.marker} label={`${b.label} (${b.keys})`} openDelay={400}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={b.label}
            disabled={disabled}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onFormat(b.marker)}
          >
            <span style={{ fontSize: 13, lineHeight: 1, ...b.style }}>{b.glyph}</span>
          </ActionIcon>
        </Tooltip>
      ))}
      <Tooltip label={t.preview} openDelay={400}>
        <ActionIcon
          variant={preview ? 'light' : 'subtle'}
          color={preview ? 'blue' : 'gray'}
          size="sm"
          aria-label={t.preview}
          aria-pressed={preview}
          disabled={disabled}
          onClick={onTogglePreview}
        >
          <Icon name="eye" size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
