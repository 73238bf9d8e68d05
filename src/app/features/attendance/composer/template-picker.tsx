import { useState } from 'react';
import { Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { foldForSearch } from '../../../../shared/domain/messages';
import { t } from '../texts';
import type { MessageTemplateView } from '../model/types';

export function TemplatePicker({
  opened,
  onClose,
  templates,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  templates: readonly MessageTemplateView[];
  onPick: (template: MessageTemplateView) => void;
}) {
  const [query, setQuery] = useState('');
  const needle = foldForSearch(query.trim());
  const shown = needle
    ? templates.filter((x) => foldForSearch(`${x.identifier} ${x.value}`).includes(needle))
    : templates;
  return (
    <Modal opened={opened} onClose={onClose} title={t.templates} size="lg">
      <Text size="sm" c="dimmed" mb="sm">
        {t.templateRequired}
      </Text>
      <TextInput aria-label="Buscar modelo" placeholder="Buscar modelo" value={query} onChange={(e) => setQuery(e.currentTarget.value)} mb="sm" data-autofocus />
      {shown.length === 0 ? (
        <Text c="dimmed">{t.noTemplates}</Text>
      ) : (
        <Stack gap={6} role="listbox" aria-label={t.templates}>
          {shown.map((template) => (
            <UnstyledButton
              key={String(template.id)}
              role="option"
              aria-selected={false}
              onClick={() => onPick(template)}
              p={8}
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
            >
              <Text fw={600} size="sm">
                {template.identifier}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                {template.value}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
