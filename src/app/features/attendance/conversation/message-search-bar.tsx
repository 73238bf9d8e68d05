import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { Icon } from '../ui/icons';
import { t } from '../texts';

/**
 * Local search in the open conversation (SPEC §5). Hits are counted from the newest: Enter and ↑
 * go to older hits, Shift+Enter and ↓ to newer ones.
 */
export function MessageSearchBar({
  query,
  index,
  total,
  onQuery,
  onStep,
  onClose,
}: {
  query: string;
  index: number;
  total: number;
  onQuery: (q: string) => void;
  onStep: (step: number) => void;
  onClose: () => void;
}) {
  return (
    <Group gap={6} px={12} py={6} wrap="nowrap" role="search" style={{ background: 'var(--mantine-color-body)', borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        aria-label={t.messageSearch}
        placeholder={t.messageSearch}
        value={query}
        autoFocus
        leftSection={<Icon name="search" size={14} />}
        onChange={(e) => onQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onStep(e.shiftKey ? -1 : 1);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onClose();
          }
        }}
      />
      <Text size="xs" c="dimmed" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
        {query.trim() ? t.hits(total === 0 ? 0 : index + 1, total) : ''}
      </Text>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t.previousHit} disabled={total === 0} onClick={() => onStep(1)}>
        <Icon name="up" size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t.nextHit} disabled={total === 0} onClick={() => onStep(-1)}>
        <Icon name="down" size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t.closeSearch} onClick={onClose}>
        <Icon name="x" size={16} />
      </ActionIcon>
    </Group>
  );
}
