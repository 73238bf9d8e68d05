import { useState } from 'react';
import { ActionIcon, Popover, TextInput, Tooltip } from '@mantine/core';
import { foldForSearch } from '../../../../shared/domain/messages';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import { EMOJIS } from './emoji-set';

export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const needle = foldForSearch(query.trim());
  const shown = needle ? EMOJIS.filter(([, name]) => foldForSearch(name).includes(needle)) : EMOJIS;
  return (
    <Popover opened={open} onChange={setOpen} position="top-start" shadow="md" trapFocus withArrow>
      <Popover.Target>
        <Tooltip label={t.emoji} openDelay={400}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t.emoji} disabled={disabled} onClick={() => setOpen((o) => !o)}>
            <Icon name="smile" size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <TextInput size="xs" mb={6} placeholder="Buscar emoji" aria-label="Buscar emoji" value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
        <div className="pb-att-emoji-grid" role="group" aria-label={t.emoji}>
          {shown.map(([emoji, name]) => (
            <button key={emoji} type="button" title={name} aria-label={name} onClick={() => onPick(emoji)}>
              {emoji}
            </button>
          ))}
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}
