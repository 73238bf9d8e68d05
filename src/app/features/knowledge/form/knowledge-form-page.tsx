import { Button, Card, FileInput, Group, Loader, SimpleGrid, Stack, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useParams, useRouter } from '@tanstack/react-router';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import type { KnowledgeArticle } from '../../../../shared/graphql/generated';
import { GraphqlRequestError } from '../../../api/request-error';
import { AdminPage, adminKey, runGql, useGqlQuery, useTenant } from '../../../ui/admin';
import { ErrorState, LoadingState } from '../../../ui/remote/load-states';
import { useQueryClient } from '@tanstack/react-query';
import { ARTICLE, CREATE, UPDATE, uploadAttachment } from '../api/knowledge-operations';
import { MarkupText } from '../../../ui/markup-text';
import { t } from '../texts';

const schema = z.object({
  title: z.string().trim().min(1, t.form.titleRequired).max(160),
  body: z.string().trim().min(1, t.form.bodyRequired).max(20_000),
  tags: z.array(z.string().trim().min(1).max(40)).max(20),
  attachment_url: z.string().nullable(),
  attachment_name: z.string().nullable(),
  attachment_mimetype: z.string().nullable(),
});
type Values = z.infer<typeof schema>;

const valuesOf = (article: KnowledgeArticle | null): Values => ({
  title: article?.title ?? '',
  body: article?.body ?? '',
  tags: [...(article?.tags ?? [])],
  attachment_url: article?.attachment_url ?? null,
  attachment_name: article?.attachment_name ?? null,
  attachment_mimetype: article?.attachment_mimetype ?? null,
});

function ArticleForm({ article }: { article: KnowledgeArticle | null }) {
  const tenant = useTenant();
  const router = useRouter();
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(article), validate: zod4Resolver(schema), validateInputOnBlur: true });
  const back = () => router.history.push(`/${tenant}/orders/knowledge/list`);

  const attach = async (file: File | null) => {
    if (!file) {
      form.setValues({ attachment_url: null, attachment_name: null, attachment_mimetype: null });
      return;
    }
    setUploading(true);
    try {
      const url = await uploadAttachment(file);
      form.setValues({ attachment_url: url, attachment_name: file.name, attachment_mimetype: file.type || 'application/octet-stream' });
    } catch (error) {
      form.setFieldError('attachment_url', error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    form.setSubmitting(true);
    try {
      const input = { ...values };
      if (article) await runGql(tenant, UPDATE, { id: article.id, input });
      else await runGql(tenant, CREATE, { input });
      await client.invalidateQueries({ queryKey: ['knowledge'] });
      notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.form.saved });
      back();
    } catch (error) {
      if (error instanceof GraphqlRequestError && error.field) {
        const field = error.field.split('.').pop() ?? '';
        if (field in values) form.setFieldError(field, error.detail ?? error.message);
      }
    } finally {
      form.setSubmitting(false);
    }
  });

  const attachment = form.getValues();
  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <div>
          <Stack gap="md">
            <TextInput label={t.form.title} withAsterisk maxLength={160} {...form.getInputProps('title')} />
            <Textarea label={t.form.body} description={t.form.bodyHint} withAsterisk autosize minRows={8} maxRows={18} {...form.getInputProps('body')} />
            <TagsInput label={t.form.tags} description={t.form.tagsHint} maxTags={20} clearable {...form.getInputProps('tags')} />
            {attachment.attachment_url ? (
              <Group gap="sm">
                <Text size="sm">{t.form.attached(attachment.attachment_name ?? '')}</Text>
                <Button variant="subtle" color="red" size="xs" onClick={() => void attach(null)}>
                  {t.form.attachmentRemove}
                </Button>
              </Group>
            ) : (
              <FileInput
                label={t.form.attachment}
                placeholder={t.form.attachmentChoose}
                onChange={(file) => void attach(file)}
                error={form.errors.attachment_url}
                rightSection={uploading ? <Loader size={14} aria-label={t.form.uploading} /> : null}
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={back} disabled={form.submitting}>
                {t.form.back}
              </Button>
              <Button type="submit" loading={form.submitting} disabled={uploading}>
                {t.form.save}
              </Button>
            </Group>
          </Stack>
        </div>
        <div>
          <Card withBorder radius="md" padding="md">
            <Text size="sm" fw={600} mb="xs">
              {t.form.preview}
            </Text>
            <Card radius="md" padding="sm" bg="var(--mantine-color-green-light)" aria-label={t.form.preview}>
              <MarkupText text={attachment.body} />
            </Card>
          </Card>
        </div>
      </SimpleGrid>
    </form>
  );
}

/** knowledge/add (check rule). */
export function KnowledgeAddPage() {
  return (
    <AdminPage>
      <ArticleForm article={null} />
    </AdminPage>
  );
}

/** knowledge/edit/{id} (check rule). */
export function KnowledgeEditPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const article = useGqlQuery(ARTICLE, { key: adminKey('knowledge', 'article'), variables: { id }, select: (data) => data.knowledgeArticle });
  const [shown, setShown] = useState<KnowledgeArticle | null>(null);
  useEffect(() => {
    if (article.data && !shown) setShown(article.data);
  }, [article.data, shown]);
  if (article.error) return <ErrorState title={t.form.notFound} error={article.error} onRetry={() => void article.refetch()} />;
  if (article.isLoading) return <LoadingState label={t.form.loading} />;
  if (!article.data || !shown) return <ErrorState title={t.form.notFound} error={new Error(t.form.notFound)} onRetry={() => void article.refetch()} />;
  return (
    <AdminPage>
      <ArticleForm article={shown} />
    </AdminPage>
  );
}
