import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LoadingState } from '../../../ui/remote/load-states';
import { adminKey, confirmDanger, useGqlMutation, useGqlQuery } from '../../../ui/admin';
import { FLOW_VERSIONS, RESTORE_VERSION, type FlowRow } from '../api/flow-operations';
import { flowTexts } from '../texts';

const t = flowTexts.builder;

/** Every published version, newest first; restoring one publishes it again as the newest. */
export function VersionsPanel({ flow, onRestored }: { flow: FlowRow; onRestored: (draft: string) => void }) {
  const versions = useGqlQuery(FLOW_VERSIONS, { key: adminKey('flows', 'versions', flow.id), variables: { flow_id: flow.id }, select: (data) => data.chatFlowVersions });
  const restore = useGqlMutation(RESTORE_VERSION, { invalidates: ['flows'] });
  if (versions.isLoading) return <LoadingState label="Carregando versões…" />;
  const list = versions.data ?? [];
  if (list.length === 0) return <Text size="sm" c="dimmed">Nenhuma versão publicada ainda.</Text>;
  return (
    <Stack gap="xs">
      {list.map((version) => (
        <Group key={version.id} justify="space-between" wrap="nowrap">
          <div>
            <Text size="sm" fw={600}>
              Versão {version.version}
              {version.version === flow.published_version ? ' (em uso)' : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {version.published_at}
              {version.published_by_name ? ` · ${version.published_by_name}` : ''}
            </Text>
          </div>
          {version.version !== flow.published_version && (
            <Button
              size="compact-xs"
              variant="light"
              loading={restore.isPending}
              onClick={async () => {
                if (!(await confirmDanger({ title: t.restore, message: `Restaurar a versão ${version.version}? O rascunho atual é substituído.`, confirmLabel: t.restore }))) return;
                const result = await restore.mutateAsync({ flow_id: flow.id, version_id: version.id }).catch(() => null);
                if (!result) return;
                onRestored(result.restoreChatFlowVersion.flow.draft);
                notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.restored(result.restoreChatFlowVersion.flow.published_version ?? 0) });
              }}
            >
              {t.restore}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
