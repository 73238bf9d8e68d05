import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { HOME_PATH } from '../../../../shared/domain/routes';
import { TEMPLATE_STATUS_LABELS } from '../../../../shared/domain/template-status';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/remote/load-states';
import { useRemote } from '../../../ui/remote/use-remote';
import { fetchTemplates } from '../api/template-operations';
import type { WhatsappTemplate } from '../api/template-operations';
import { STATUS_FILTERS, countByStatus, matchesStatus } from '../model/status-filter';
import type { StatusFilter } from '../model/status-filter';
import { componentParts } from '../model/template-parts';
import { WhatsappBubble } from '../preview/whatsapp-bubble';
import { t } from '../texts';
import { ConnectionSelect } from '../ui/connection-select';
import { useCloudConnections } from '../ui/use-cloud-connections';
import { TemplateTable } from './template-table';

/** meta/template-messages: the templates of a Cloud API connection, filtered by status (issue 4 §4). */
export function TemplateListPage() {
  const { tenant } = useParams({ from: '/$tenant' });
  const connections = useCloudConnections(tenant);
  const [filter, setFilter] = useState<StatusFilter>('ALL');
  const [previewing, setPreviewing] = useState<WhatsappTemplate | null>(null);
  const instanceId = connections.selected?.id ?? null;

  const templates = useRemote<WhatsappTemplate[]>(instanceId && `${tenant}|${instanceId}`, (signal) =>
    fetchTemplates(tenant, instanceId ?? '', true, { signal, notify: false }),
  );

  if (connections.loading && !connections.data) return <LoadingState label={t.list.loadingConnections} />;
  if (connections.error && !connections.data) {
    return <ErrorState title={t.list.errorTitle} error={connections.error} onRetry={connections.reload} />;
  }
  if (!connections.selected || !connections.data) {
    return (
      <EmptyState
        title={t.list.noConnection}
        action={
          <Button component={Link} to={`/${tenant}/${HOME_PATH}`} variant="light">
            {t.list.toConnections}
          </Button>
        }
      >
        {t.list.noConnectionHint}
      </EmptyState>
    );
  }

  const all = templates.data ?? [];
  const counts = countByStatus(all.map((template) => template.status));
  const shown = all.filter((template) => matchesStatus(template.status, filter));
  const addLink = (
    <Button component={Link} to={`/${tenant}/meta/template-messages/add`}>
      {t.list.add}
    </Button>
  );

  let body;
  if (templates.loading && !templates.data) body = <LoadingState label={t.list.loading} />;
  else if (templates.error) body = <ErrorState title={t.list.errorTitle} error={templates.error} onRetry={templates.reload} />;
  else if (all.length === 0) body = <EmptyState title={t.list.empty}>{t.list.emptyHint}</EmptyState>;
  else if (shown.length === 0) body = <EmptyState title={t.list.emptyFiltered}>{t.list.emptyFilteredHint}</EmptyState>;
  else body = <TemplateTable templates={shown} onPreview={setPreviewing} />;

  return (
    <Stack gap="md">
      <Text c="dimmed" maw={720}>
        {t.list.intro}
      </Text>
      <Group justify="space-between" align="flex-end" gap="sm">
        <ConnectionSelect connections={connections.data} value={connections.selected.id} />
        <Group gap="xs">
          <Button variant="default" onClick={templates.reload} loading={templates.loading && !!templates.data}>
            {t.list.refresh}
          </Button>
          {addLink}
        </Group>
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="template-status-filter">
          {t.list.status}
        </Text>
        <SegmentedControl
          aria-labelledby="template-status-filter"
          value={filter}
          onChange={(value) => setFilter(value as StatusFilter)}
          style={{ alignSelf: 'flex-start' }}
          data={[
            { value: 'ALL', label: `${t.list.allStatuses} (${counts.ALL})` },
            ...STATUS_FILTERS.map((status) => ({ value: status, label: `${TEMPLATE_STATUS_LABELS[status]} (${counts[status]})` })),
          ]}
        />
      </Stack>
      {body}
      <Modal opened={previewing !== null} onClose={() => setPreviewing(null)} title={previewing ? t.list.previewTitle(previewing.name) : ''} centered>
        {previewing ? <WhatsappBubble parts={componentParts(previewing.components)} label={t.add.previewLabel} /> : null}
      </Modal>
    </Stack>
  );
}
