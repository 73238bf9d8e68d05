import { ActionIcon, Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { stripMarkup } from '../../../../shared/domain/markup';
import { errorText } from '../../../ui/remote/load-states';
import { fetchAttachment, searchKnowledge, type KnowledgeHit } from '../api/knowledge-search';
import type { AttachmentKind } from './attachment';
import { Icon } from '../ui/icons';

export const knowledgeTexts = {
  open: 'Buscar no conhecimento',
  title: 'Conhecimento',
  search: 'Buscar artigo',
  placeholder: 'Prazo, troca, pagamento…',
  insert: 'Inserir texto',
  sendAttachment: 'Anexar arquivo',
  empty: 'Nenhum artigo encontrado.',
  loading: 'Buscando…',
  failed: 'Não foi possível buscar no conhecimento',
  results: 'Artigos',
} as const;

interface KnowledgePickerProps {
  opened: boolean;
  tenant: string;
  onClose: () => void;
  onInsert: (text: string) => void;
  onAttach: (article: KnowledgeHit) => void;
}

/** Searches the store's knowledge from the composer; one click inserts an article or attaches its file. */
export function KnowledgePicker({ opened, tenant, onClose, onInsert, onAttach }: KnowledgePickerProps) {
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), 250);
  const [state, setState] = useState<{ hits: KnowledgeHit[] | null; error: unknown; loading: boolean }>({ hits: null, error: null, loading: false });

  useEffect(() => {
    if (!opened) return;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, error: null }));
    searchKnowledge(tenant, search, controller.signal).then(
      (hits) => setState({ hits, error: null, loading: false }),
      (error: unknown) => !controller.signal.aborted && setState({ hits: null, error, loading: false }),
    );
    return () => controller.abort();
  }, [opened, tenant, search]);

  return (
    <Modal opened={opened} onClose={onClose} title={knowledgeTexts.title} size="lg">
      <TextInput
        aria-label={knowledgeTexts.search}
        placeholder={knowledgeTexts.placeholder}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        rightSection={state.loading ? <Loader size={14} aria-label={knowledgeTexts.loading} /> : null}
        mb="sm"
        data-autofocus
      />
      {state.error ? (
        <Alert color="red" variant="light" title={knowledgeTexts.failed} role="alert">
          {errorText(state.error)}
        </Alert>
      ) : null}
      {state.hits?.length === 0 ? <Text c="dimmed">{knowledgeTexts.empty}</Text> : null}
      <Stack gap="xs" role="list" aria-label={knowledgeTexts.results}>
        {(state.hits ?? []).map((article) => (
          <Paper key={article.id} withBorder p="sm" radius="md" role="listitem" aria-label={article.title}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {article.title}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {stripMarkup(article.body)}
                </Text>
                <Group gap={4}>
                  {article.tags.map((tag) => (
                    <Badge key={tag} size="xs" variant="light">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              </Stack>
              <Stack gap={4}>
                <Button size="xs" onClick={() => onInsert(article.body)}>
                  {knowledgeTexts.insert}
                </Button>
                {article.attachment_url ? (
                  <Button size="xs" variant="light" onClick={() => onAttach(article)}>
                    {knowledgeTexts.sendAttachment}
                  </Button>
                ) : null}
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Modal>
  );
}

interface KnowledgeButtonProps {
  tenant: string;
  onInsert: (text: string) => void;
  /** The article's file, fetched from the server, for the composer's attachment card. */
  onAttach: (kind: AttachmentKind, file: Blob, name: string) => void;
  onProblem: (title: string, message: string) => void;
}

/** The composer's button that opens the knowledge search. */
export function KnowledgeButton({ tenant, onInsert, onAttach, onProblem }: KnowledgeButtonProps) {
  const [opened, setOpened] = useState(false);
  const attach = (article: KnowledgeHit) => {
    setOpened(false);
    if (!article.attachment_url) return;
    fetchAttachment(article.attachment_url).then(
      (blob) => onAttach(blob.type.startsWith('image/') ? 'image' : 'document', blob, article.attachment_name ?? 'arquivo'),
      (error: unknown) => onProblem(knowledgeTexts.failed, error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <>
      <Tooltip label={knowledgeTexts.open} openDelay={400}>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={knowledgeTexts.open} onClick={() => setOpened(true)}>
          <Icon name="search" size={20} />
        </ActionIcon>
      </Tooltip>
      <KnowledgePicker
        opened={opened}
        tenant={tenant}
        onClose={() => setOpened(false)}
        onInsert={(text) => {
          setOpened(false);
          onInsert(text);
        }}
        onAttach={attach}
      />
    </>
  );
}
