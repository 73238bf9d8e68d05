import { Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';
import type { KnowledgeArticle } from '../../../../shared/graphql/generated';
import { ADMIN_PAGE_SIZE, AdminPage, AdminTable, adminKey, confirmDanger, useGqlMutation, useGqlQuery, useListParams, useTenant } from '../../../ui/admin';
import { ARTICLES, DELETE, TAGS } from '../api/knowledge-operations';
import { t } from '../texts';

/** orders/knowledge/list (check rule): the knowledge base, searched on the server. */
export function KnowledgeListPage() {
  const tenant = useTenant();
  const router = useRouter();
  const params = useListParams(['tag'] as const);
  const variables = { search: params.search, tag: params.filters.tag, offset: (params.page - 1) * ADMIN_PAGE_SIZE, limit: ADMIN_PAGE_SIZE };
  const list = useGqlQuery(ARTICLES, { key: adminKey('knowledge', 'list'), variables, keepPrevious: true, select: (data) => data.knowledgeArticles });
  const tags = useGqlQuery(TAGS, { key: adminKey('knowledge', 'tags'), select: (data) => data.knowledgeTags });
  const remove = useGqlMutation(DELETE, { invalidates: ['knowledge'], onSuccess: () => notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.list.removed }) });
  const edit = (article: KnowledgeArticle) => router.history.push(`/${tenant}/knowledge/edit/${article.id}`);

  return (
    <AdminPage
      description={t.list.description}
      action={<Button onClick={() => router.history.push(`/${tenant}/knowledge/add`)}>{t.list.add}</Button>}
    >
      <AdminTable<KnowledgeArticle, 'tag'>
        query={{ ...list, data: list.data?.items }}
        params={params}
        paging={{ mode: 'server', total: list.data?.total ?? 0 }}
        searchLabel={t.list.searchLabel}
        filters={[{ name: 'tag', label: t.list.tag, placeholder: t.list.anyTag, options: (tags.data ?? []).map((tag) => ({ value: tag, label: tag })) }]}
        columns={[
          { accessor: 'title', title: t.list.title, render: (a) => <Text fw={500} size="sm">{a.title}</Text> },
          {
            accessor: 'tags',
            title: t.list.tags,
            render: (a) => (
              <Group gap={4}>
                {a.tags.map((tag) => (
                  <Badge key={tag} variant="light" size="sm" radius="sm">
                    {tag}
                  </Badge>
                ))}
              </Group>
            ),
          },
          { accessor: 'attachment_name', title: t.list.attachment, render: (a) => <Text size="sm" c="dimmed">{a.attachment_url ? (a.attachment_name ?? t.list.attachment) : ''}</Text> },
          { accessor: 'updated_at', title: t.list.updated, render: (a) => <Text size="sm">{a.updated_at.slice(0, 16)}</Text> },
        ]}
        rowLabel={(a) => a.title}
        onRowClick={edit}
        rowActions={(a) => [
          { label: t.list.edit, onClick: () => edit(a) },
          {
            label: t.list.remove,
            danger: true,
            onClick: () =>
              void confirmDanger({ title: t.list.removeTitle, message: t.list.removeMessage(a.title), confirmLabel: t.list.remove }).then((yes) => {
                if (yes) remove.mutate({ id: a.id });
              }),
          },
        ]}
        empty={{ title: t.list.emptyTitle, hint: t.list.emptyHint }}
        errorTitle={t.list.loadError}
      />
    </AdminPage>
  );
}
