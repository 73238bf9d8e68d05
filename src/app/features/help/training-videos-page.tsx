import { AspectRatio, Anchor, Button, Grid, Group, Paper, Stack, Text, TextInput, Textarea, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { isAdminRole } from '../../../shared/domain/permissions';
import { isWebUrl, videoSource } from '../../../shared/domain/video-embed';
import type { TrainingVideo } from '../../../shared/graphql/generated';
import { sessionState } from '../../state/session';
import { AdminPage, EntityFormDrawer, adminKey, confirmDanger, gqlOperation, useGqlMutation, useGqlQuery } from '../../ui/admin';
import { EmptyState, ErrorState, LoadingState } from '../../ui/remote/load-states';

const VIDEOS = gqlOperation<{ trainingVideos: TrainingVideo[] }>('query TrainingVideos { trainingVideos { id title url description } }');
type VideoVars = { title: string; url: string; description: string };
const CREATE = gqlOperation<unknown, VideoVars>('mutation CreateTrainingVideo($title: String!, $url: String!, $description: String) { createTrainingVideo(title: $title, url: $url, description: $description) { id } }');
const UPDATE = gqlOperation<unknown, VideoVars & { id: string }>(
  'mutation UpdateTrainingVideo($id: ID!, $title: String!, $url: String!, $description: String) { updateTrainingVideo(id: $id, title: $title, url: $url, description: $description) { id } }',
);
const DELETE = gqlOperation<unknown, { id: string }>('mutation DeleteTrainingVideo($id: ID!) { deleteTrainingVideo(id: $id) }');

const schema = z.object({
  title: z.string().trim().min(1, 'Informe o título do vídeo.').max(200),
  url: z.string().trim().refine(isWebUrl, 'Informe um endereço começando com https://.'),
  description: z.string().trim().max(2000),
});
const EMPTY: VideoVars = { title: '', url: '', description: '' };

function Player({ video }: { video: TrainingVideo }) {
  const source = videoSource(video.url);
  if (source.kind === 'link') {
    return (
      <Paper withBorder p="lg" radius="md">
        <Text>
          Este vídeo abre no site de origem:{' '}
          <Anchor href={source.src} target="_blank" rel="noopener noreferrer">
            assistir {video.title}
          </Anchor>
        </Text>
      </Paper>
    );
  }
  return (
    <AspectRatio ratio={16 / 9}>
      {source.kind === 'embed' ? (
        <iframe title={video.title} src={source.src} allow="encrypted-media; fullscreen; picture-in-picture" allowFullScreen style={{ border: 0, borderRadius: 8 }} />
      ) : (
        <video title={video.title} src={source.src} controls style={{ borderRadius: 8, background: '#000' }} />
      )}
    </AspectRatio>
  );
}

/** help/training-videos: videos the administrator lists, played in the page. */
export function TrainingVideosPage() {
  const admin = isAdminRole(useSnapshot(sessionState).current?.user.role);
  const list = useGqlQuery(VIDEOS, { key: adminKey('help', 'videos'), select: (d) => d.trainingVideos });
  const create = useGqlMutation(CREATE, { invalidates: ['help'] });
  const update = useGqlMutation(UPDATE, { invalidates: ['help'] });
  const remove = useGqlMutation(DELETE, { invalidates: ['help'] });
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<TrainingVideo | 'new' | null>(null);
  const initial = useMemo<VideoVars>(() => (editing && editing !== 'new' ? { title: editing.title, url: editing.url, description: editing.description ?? '' } : EMPTY), [editing]);

  const askRemove = async (video: TrainingVideo) => {
    if (!(await confirmDanger({ title: 'Excluir vídeo?', message: `O vídeo “${video.title}” sai da lista de todos.`, confirmLabel: 'Excluir' }))) return;
    await remove.mutateAsync({ id: video.id });
    notifications.show({ color: 'teal', title: 'Tudo certo!', message: 'Vídeo excluído.' });
  };

  const videos = list.data ?? [];
  const shown = videos.find((v) => v.id === selected) ?? videos[0];

  return (
    <AdminPage
      description="Vídeos curtos para aprender a usar o PedBot. Clique em um vídeo para assistir aqui mesmo."
      action={admin ? <Button onClick={() => setEditing('new')}>Novo vídeo</Button> : null}
    >
      {list.error ? (
        <ErrorState title="Não foi possível carregar os vídeos" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <LoadingState label="Carregando vídeos…" />
      ) : !shown ? (
        <EmptyState title="Nenhum vídeo de treinamento">{admin ? 'Cadastre o primeiro com “Novo vídeo”.' : 'O administrador da loja ainda não cadastrou vídeos.'}</EmptyState>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="xs">
              <Player key={shown.id} video={shown} />
              <Title order={2} fz="h4">
                {shown.title}
              </Title>
              {shown.description ? <Text size="sm">{shown.description}</Text> : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap={4} component="ul" aria-label="Vídeos" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {videos.map((video) => (
                <li key={video.id}>
                  <Paper withBorder radius="md" p="xs" style={{ background: video.id === shown.id ? 'var(--mantine-color-default-hover)' : undefined }}>
                    <UnstyledButton onClick={() => setSelected(video.id)} aria-current={video.id === shown.id} w="100%">
                      <Text size="sm" fw={600}>
                        {video.title}
                      </Text>
                      {video.description ? (
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {video.description}
                        </Text>
                      ) : null}
                    </UnstyledButton>
                    {admin ? (
                      <Group gap={4} mt={4}>
                        <Button size="compact-xs" variant="subtle" onClick={() => setEditing(video)} aria-label={`Editar o vídeo ${video.title}`}>
                          Editar
                        </Button>
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => void askRemove(video).catch(() => undefined)} aria-label={`Excluir o vídeo ${video.title}`}>
                          Excluir
                        </Button>
                      </Group>
                    ) : null}
                  </Paper>
                </li>
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      <EntityFormDrawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Novo vídeo' : 'Editar vídeo'}
        schema={schema}
        initialValues={initial}
        submitLabel="Salvar"
        successMessage="Vídeo salvo."
        onSubmit={(values) => (editing && editing !== 'new' ? update.mutateAsync({ id: editing.id, ...values }) : create.mutateAsync(values))}
      >
        {(form) => (
          <>
            <TextInput label="Título" withAsterisk key={form.key('title')} {...form.getInputProps('title')} />
            <TextInput label="Endereço do vídeo" description="YouTube, Vimeo ou um arquivo .mp4" withAsterisk key={form.key('url')} {...form.getInputProps('url')} />
            <Textarea label="Descrição" autosize minRows={3} key={form.key('description')} {...form.getInputProps('description')} />
          </>
        )}
      </EntityFormDrawer>
    </AdminPage>
  );
}
