import { Button, ColorInput, ColorSwatch, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { categorySchema, type CategoryInput } from '../../../../shared/domain/crm';
import { AdminPage, AdminTable, EntityFormDrawer, adminKey, confirmDanger, foldText, useGqlMutation, useGqlQuery, useListParams, useTenant } from '../../../ui/admin';
import { CATEGORIES, CREATE_CATEGORY, DELETE_CATEGORY, UPDATE_CATEGORY, type CategoryRow } from '../api/crm-operations';
import { t } from '../texts';

const INVALIDATES = ['categories'] as const;
const NO_FILTERS: readonly string[] = [];
const SWATCHES = ['#228be6', '#40c057', '#fab005', '#fd7e14', '#fa5252', '#be4bdb', '#15aabf', '#868e96'];
const done = (message: string) => notifications.show({ color: 'teal', title: t.done, message });

/** crm/category (with crm/category/add and crm/category/edit/{id} opening the form over the list). */
function Categories({ editing }: { editing: 'new' | string | null }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const params = useListParams(NO_FILTERS);
  const categories = useGqlQuery(CATEGORIES, { key: adminKey('categories', 'list'), select: (data) => data.categories });
  const create = useGqlMutation(CREATE_CATEGORY, { invalidates: INVALIDATES });
  const update = useGqlMutation(UPDATE_CATEGORY, { invalidates: INVALIDATES });
  const remove = useGqlMutation(DELETE_CATEGORY, { invalidates: INVALIDATES });
  const go = (path: string) => void navigate({ href: `/${tenant}/crm/category${path}` });
  const current = editing && editing !== 'new' ? (categories.data?.find((c) => c.id === editing) ?? null) : null;
  const initialValues = useMemo<CategoryInput>(() => ({ name: current?.name ?? '', color: current?.color ?? SWATCHES[0]! }), [current]);

  const askDelete = async (category: CategoryRow) => {
    const c = t.categories.confirmDelete;
    if (!(await confirmDanger({ title: c.title, message: c.message(category.name), confirmLabel: c.confirm }))) return;
    await remove.mutateAsync({ id: category.id }).then(() => done(t.categories.deleted(category.name)), () => undefined);
  };

  const addButton = <Button onClick={() => go('/add')}>{t.categories.add}</Button>;
  return (
    <AdminPage description={t.categories.description} action={addButton}>
      <AdminTable<CategoryRow>
        query={categories}
        params={params}
        paging={{ mode: 'client', matches: (c, search) => foldText(c.name).includes(search) }}
        columns={[
          {
            accessor: 'name',
            title: t.categories.columns.name,
            sortable: true,
            render: (c) => (
              <Group gap="xs" wrap="nowrap">
                <ColorSwatch color={c.color} size={14} aria-hidden />
                <span>{c.name}</span>
              </Group>
            ),
          },
          { accessor: 'color', title: t.categories.columns.color },
          { accessor: 'tickets_count', title: t.categories.columns.tickets, sortable: true, textAlign: 'right' },
        ]}
        rowLabel={(c) => c.name}
        searchLabel={t.categories.search}
        rowActions={(c) => [
          { label: t.categories.actions.edit, onClick: () => go(`/edit/${c.id}`) },
          { label: t.categories.actions.delete, danger: true, onClick: () => void askDelete(c) },
        ]}
        onRowClick={(c) => go(`/edit/${c.id}`)}
        empty={{ title: t.categories.empty, hint: t.categories.emptyHint, action: addButton }}
        errorTitle={t.loadError}
      />
      <EntityFormDrawer<CategoryInput>
        opened={editing === 'new' || current !== null}
        onClose={() => go('')}
        title={current ? t.categories.editTitle : t.categories.createTitle}
        schema={categorySchema}
        initialValues={initialValues}
        submitLabel={t.save}
        successMessage={current ? t.categories.saved : t.categories.created}
        onSubmit={async (input) => {
          await (current ? update.mutateAsync({ id: current.id, input }) : create.mutateAsync({ input }));
          go('');
        }}
      >
        {(form) => (
          <Stack>
            <TextInput label={t.categories.name} withAsterisk data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
            <ColorInput label={t.categories.color} withAsterisk format="hex" swatches={SWATCHES} key={form.key('color')} {...form.getInputProps('color')} />
          </Stack>
        )}
      </EntityFormDrawer>
    </AdminPage>
  );
}

export function CategoriesPage() {
  return <Categories editing={null} />;
}

export function CategoryAddPage() {
  return <Categories editing="new" />;
}

export function CategoryEditPage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  return <Categories editing={id ?? null} />;
}
