import { Badge, Button, FileButton, Grid, Group, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatTimestamp } from '../../../../shared/domain/datetime';
import type { TermsDocument } from '../../../../shared/graphql/generated';
import { AdminPage, adminKey, useGqlMutation, useGqlQuery } from '../../../ui/admin';
import { EmptyState } from '../../../ui/remote/load-states';
import { ADD_TERMS, FILE_URL, TERMS } from '../api/operations';
import { uploadFile } from '../api/upload';
import { t } from '../texts';
import { SettingsState } from '../ui/settings-state';

function PdfViewer({ doc }: { doc: TermsDocument }) {
  const link = useGqlQuery(FILE_URL, { key: adminKey('settings', 'terms-file', doc.file), variables: { file: doc.file }, select: (d) => d.fileUrl });
  if (!link.data) return <Text c="dimmed">{t.common.loading}</Text>;
  return <iframe title={t.terms.viewer(doc.name)} src={link.data} style={{ width: '100%', height: 'min(70vh, 640px)', border: 0, borderRadius: 8, background: 'var(--mantine-color-gray-1)' }} />;
}

/** configs/contract-proposal-pdf: the terms of use as versions of a PDF, shown in the page. */
export function TermsPage() {
  const list = useGqlQuery(TERMS, { key: adminKey('settings', 'terms'), select: (d) => d.termsDocuments });
  const add = useGqlMutation(ADD_TERMS, { invalidates: ['settings'] });
  const [name, setName] = useState('Termos de uso');
  const [uploading, setUploading] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);

  const send = async (file: File | null) => {
    if (!file) return;
    if (file.type !== 'application/pdf') {
      notifications.show({ color: 'red', title: 'Erro nos dados informados.', message: t.terms.pdfOnly });
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadFile(file);
      await add.mutateAsync({ file: stored.file, name: name.trim() || file.name });
      setSelected(null);
      notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.terms.saved });
    } catch {
      // The catalogue's notification was shown (SPEC §8).
    } finally {
      setUploading(false);
    }
  };

  const upload = (
    <Group gap="xs" align="flex-end">
      <TextInput label={t.terms.name} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} w={220} />
      <FileButton onChange={(file) => void send(file)} accept="application/pdf">
        {(props) => (
          <Button loading={uploading} {...props}>
            {t.terms.upload}
          </Button>
        )}
      </FileButton>
    </Group>
  );

  return (
    <AdminPage description={t.terms.description} action={upload}>
      <SettingsState loading={list.isPending} error={list.error} onRetry={() => void list.refetch()}>
        {() => {
          const docs = list.data ?? [];
          if (docs.length === 0) return <EmptyState title={t.terms.empty}>{t.terms.emptyHint}</EmptyState>;
          const shown = docs.find((d) => d.id === selected) ?? docs[0]!;
          return (
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Paper withBorder p="md" radius="md">
                  <Title order={2} fz="h5" mb="xs">
                    {t.terms.versions}
                  </Title>
                  <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {docs.map((doc, index) => (
                      <li key={doc.id}>
                        <UnstyledButton
                          onClick={() => setSelected(doc.id)}
                          aria-current={doc.id === shown.id}
                          p="xs"
                          w="100%"
                          style={{ borderRadius: 6, background: doc.id === shown.id ? 'var(--mantine-color-default-hover)' : undefined }}
                        >
                          <Group gap={6} justify="space-between" wrap="nowrap">
                            <Text size="sm" fw={600} truncate>
                              {doc.name}
                            </Text>
                            {index === 0 ? <Badge size="xs">{t.terms.current}</Badge> : null}
                          </Group>
                          <Text size="xs" c="dimmed">
                            {t.terms.sentBy(doc.created_by_name ?? null, formatTimestamp(doc.created_at))} · {t.terms.sizeKb(doc.size)}
                          </Text>
                        </UnstyledButton>
                      </li>
                    ))}
                  </Stack>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <PdfViewer key={shown.id} doc={shown} />
              </Grid.Col>
            </Grid>
          );
        }}
      </SettingsState>
    </AdminPage>
  );
}
