import { Badge, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { AdminPage, AdminTable, adminKey, confirmDanger, foldText, useGqlMutation, useGqlQuery, useListParams } from '../../ui/admin';
import { CREATE_FLOW, DELETE_FLOW, FLOWS, FLOW_CATEGORIES, FLOW_DEPARTMENTS, FLOW_INSTANCES, FLOW_USERS, SET_INSTANCE_FLOW, type FlowRow } from './api/flow-operations';
import { FlowBuilder } from './builder/flow-builder';
import type { EditorChoices } from './builder/node-editor';
import { flowTexts } from './texts';

type Kind = 'passive' | 'active';

const EMPTY_START = JSON.stringify({ nodes: [{ id: 'inicio', type: 'start', position: { x: 0, y: 0 }, data: { trigger: 'message' } }], edges: [] });
const MANUAL_START = JSON.stringify({ nodes: [{ id: 'inicio', type: 'start', position: { x: 0, y: 0 }, data: { trigger: 'manual' } }], edges: [] });
const done = (message: string) => notifications.show({ color: 'teal', title: 'Tudo certo!', message });

export function PassiveFlowsPage() {
  return <FlowsPage kind="passive" />;
}

export function ActiveFlowsPage() {
  return <FlowsPage kind="active" />;
}

/** What the blocks' pickers offer; a list the role cannot read stays empty instead of failing the builder. */
function useChoices(): EditorChoices {
  const departments = useGqlQuery(FLOW_DEPARTMENTS, { key: adminKey('departments', 'flow-picker'), select: (d) => d.userDepartments.map((x) => ({ value: x.id, label: x.name })) });
  const users = useGqlQuery(FLOW_USERS, { key: adminKey('users', 'flow-picker'), select: (d) => d.users.items.map((x) => ({ value: x.id, label: x.name })) });
  const categories = useGqlQuery(FLOW_CATEGORIES, { key: adminKey('categories', 'flow-picker'), select: (d) => d.categories.map((x) => ({ value: x.id, label: x.name })) });
  return useMemo(() => ({ departments: departments.data ?? [], users: users.data ?? [], categories: categories.data ?? [] }), [departments.data, users.data, categories.data]);
}

/** chat-flows/{type}/list and chat-flows-active/{type}/list (issue 16): the flows, and the builder over them. */
function FlowsPage({ kind }: { kind: Kind }) {
  const texts = flowTexts[kind];
  const params = useListParams([] as const);
  const search = useSearch({ strict: false }) as { fluxo?: unknown };
  const navigate = useNavigate();
  const flows = useGqlQuery(FLOWS, { key: adminKey('flows', kind), variables: { kind }, select: (d) => d.chatFlows });
  const create = useGqlMutation(CREATE_FLOW, { invalidates: ['flows'] });
  const remove = useGqlMutation(DELETE_FLOW, { invalidates: ['flows'] });
  const choices = useChoices();
  const [naming, setNaming] = useState(false);
  const [newName, setNewName] = useState('');
  const [usingOn, setUsingOn] = useState<FlowRow | null>(null);
  // The router parses search values as JSON ('12' arrives as 12).
  const editing = flows.data?.find((flow) => search.fluxo !== undefined && flow.id === String(search.fluxo)) ?? null;

  const openBuilder = (id: string | null) =>
    void navigate({ to: '.', search: ((previous: Record<string, unknown>) => ({ ...previous, fluxo: id ?? undefined })) as never });

  const createFlow = async () => {
    const result = await create.mutateAsync({ kind, input: { name: newName.trim(), draft: kind === 'active' ? MANUAL_START : EMPTY_START } }).catch(() => null);
    if (!result) return;
    setNaming(false);
    setNewName('');
    done(flowTexts.created);
    openBuilder(result.createChatFlow.flow.id);
  };

  const askDelete = async (flow: FlowRow) => {
    const c = flowTexts.confirmDelete;
    if (!(await confirmDanger({ title: c.title, message: c.message(flow.name), confirmLabel: c.confirm }))) return;
    await remove.mutateAsync({ id: flow.id }).then(() => done(flowTexts.deleted(flow.name)), () => undefined);
  };

  return (
    <AdminPage description={texts.description} action={<Button onClick={() => setNaming(true)}>{flowTexts.newFlow}</Button>}>
      <AdminTable
        query={flows}
        params={params}
        paging={{ mode: 'client', matches: (flow, q) => foldText(flow.name).includes(q) }}
        searchLabel={flowTexts.search}
        rowLabel={(flow) => flow.name}
        onRowClick={(flow) => openBuilder(flow.id)}
        columns={[
          { accessor: 'name', title: flowTexts.columns.name, sortable: true },
          {
            accessor: 'published_version',
            title: flowTexts.columns.version,
            render: (flow) => (
              <Group gap={4}>
                {flow.published_version ? <Badge variant="light" color="teal">v{flow.published_version}</Badge> : <Badge variant="light" color="gray">{flowTexts.notPublished}</Badge>}
                {flow.published_version !== null && flow.has_unpublished_changes && <Text size="xs" c="dimmed">{flowTexts.changed}</Text>}
              </Group>
            ),
          },
          ...(kind === 'passive' ? [{ accessor: 'instances', title: flowTexts.columns.instances, render: (flow: FlowRow) => flow.instances.map((i) => i.name).join(', ') || '—' }] : []),
          { accessor: 'running_sessions', title: flowTexts.columns.sessions },
          { accessor: 'updated_at', title: flowTexts.columns.updated },
        ]}
        rowActions={(flow) => [
          { label: flowTexts.actions.edit, onClick: () => openBuilder(flow.id) },
          ...(kind === 'passive' ? [{ label: flowTexts.actions.useOn, onClick: () => setUsingOn(flow) }] : []),
          { label: flowTexts.actions.delete, color: 'red', onClick: () => void askDelete(flow) },
        ]}
        empty={{ title: texts.empty, hint: texts.emptyHint }}
        errorTitle={flowTexts.loadError}
      />
      <Modal opened={naming} onClose={() => setNaming(false)} title={flowTexts.newFlow}>
        <Stack component="form" onSubmit={(e) => { e.preventDefault(); void createFlow(); }}>
          <TextInput label={flowTexts.namePrompt} value={newName} onChange={(e) => setNewName(e.currentTarget.value)} data-autofocus required maxLength={120} />
          <Button type="submit" loading={create.isPending} disabled={!newName.trim()}>
            {flowTexts.newFlow}
          </Button>
        </Stack>
      </Modal>
      {usingOn && <UseOnInstanceModal flow={usingOn} onClose={() => setUsingOn(null)} />}
      <Modal opened={editing !== null} onClose={() => openBuilder(null)} fullScreen withCloseButton={false} title={editing ? flowTexts.builder.title(editing.name) : ''} styles={{ body: { height: 'calc(100vh - 70px)' } }}>
        {editing && <FlowBuilder key={editing.id} flow={editing} choices={choices} onClose={() => openBuilder(null)} />}
      </Modal>
    </AdminPage>
  );
}

function UseOnInstanceModal({ flow, onClose }: { flow: FlowRow; onClose: () => void }) {
  const instances = useGqlQuery(FLOW_INSTANCES, { key: adminKey('instances', 'flow-picker'), select: (d) => d.instances.map((i) => ({ value: i.id, label: i.name })) });
  const setFlow = useGqlMutation(SET_INSTANCE_FLOW, { invalidates: ['flows', 'instances'] });
  const [instanceId, setInstanceId] = useState<string | null>(null);
  const t = flowTexts.useOn;
  return (
    <Modal opened onClose={onClose} title={t.title}>
      <Stack>
        <Text size="sm">{flow.published_version ? `“${flow.name}” passa a responder os novos clientes da conexão escolhida.` : flowTexts.builder.cannotPublish}</Text>
        <Select label={t.instance} data={instances.data ?? []} value={instanceId} onChange={setInstanceId} searchable />
        <Group justify="flex-end">
          <Button
            disabled={!instanceId || !flow.published_version}
            loading={setFlow.isPending}
            onClick={() => void setFlow.mutateAsync({ instance_id: instanceId!, flow_id: flow.id }).then(() => { done(t.saved); onClose(); }, () => undefined)}
          >
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
