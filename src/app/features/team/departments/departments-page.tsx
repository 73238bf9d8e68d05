import { Button, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { departmentFormSchema, type DepartmentFormValues } from '../../../../shared/domain/team-forms';
import {
  AdminPage,
  AdminTable,
  EntityFormDrawer,
  adminKey,
  confirmDanger,
  foldText,
  useGqlMutation,
  useGqlQuery,
  useListParams,
} from '../../../ui/admin';
import { CREATE_DEPARTMENT, DELETE_DEPARTMENT, DEPARTMENTS, UPDATE_DEPARTMENT, type TeamDepartment } from '../api/team-operations';
import { t } from '../texts';
import { departmentColumns } from './department-columns';
import { MoveDepartmentModal, holdsAnything, type DepartmentRemoval } from './move-department-modal';

const FILTERS = ['activated'] as const;
const INVALIDATES = ['departments', 'users', 'instances'] as const;
const done = (message: string) => notifications.show({ color: 'teal', title: 'Tudo certo!', message });

/** user-departments/list (issue 12 §2): departments with members, connections and open tickets. */
export function DepartmentsPage() {
  const params = useListParams(FILTERS);
  const departments = useGqlQuery(DEPARTMENTS, { key: adminKey('departments', 'list'), select: (data) => data.userDepartments });
  const create = useGqlMutation(CREATE_DEPARTMENT, { invalidates: INVALIDATES });
  const update = useGqlMutation(UPDATE_DEPARTMENT, { invalidates: INVALIDATES });
  const remove = useGqlMutation(DELETE_DEPARTMENT, { invalidates: INVALIDATES });
  const [editing, setEditing] = useState<TeamDepartment | 'new' | null>(null);
  const [removal, setRemoval] = useState<DepartmentRemoval | null>(null);
  const current = editing !== null && editing !== 'new' ? editing : null;
  const initialValues = useMemo<DepartmentFormValues>(() => ({ name: current?.name ?? '' }), [current]);

  const activeTargets = (departments.data ?? []).filter((d) => d.activated).map((d) => ({ value: String(d.id), label: d.name }));

  const setActivated = (department: TeamDepartment, on: boolean) => {
    if (!on && holdsAnything(department)) return setRemoval({ department, action: 'deactivate' });
    void update
      .mutateAsync({ id: department.id, activated: on })
      .then(() => done(on ? t.departments.activated(department.name) : t.departments.deactivated(department.name)), () => undefined);
  };

  const askDelete = async (department: TeamDepartment) => {
    if (holdsAnything(department)) return setRemoval({ department, action: 'delete' });
    const c = t.departments.confirmDelete;
    if (!(await confirmDanger({ title: c.title, message: c.message(department.name), confirmLabel: c.confirm }))) return;
    await remove.mutateAsync({ id: department.id }).then(() => done(t.departments.deleted(department.name)), () => undefined);
  };

  const finishRemoval = (moveTo: string) => {
    if (!removal) return;
    const { department, action } = removal;
    const run =
      action === 'delete'
        ? remove.mutateAsync({ id: department.id, move_to_department_id: moveTo }).then(() => t.departments.deleted(department.name))
        : update.mutateAsync({ id: department.id, activated: false, move_to_department_id: moveTo }).then(() => t.departments.deactivated(department.name));
    void run.then(
      (message) => {
        setRemoval(null);
        done(message);
      },
      () => undefined,
    );
  };

  const addButton = <Button onClick={() => setEditing('new')}>{t.departments.add}</Button>;
  return (
    <AdminPage description={t.departments.description} action={addButton}>
      <AdminTable<TeamDepartment, (typeof FILTERS)[number]>
        query={departments}
        params={params}
        paging={{
          mode: 'client',
          matches: (d, search, filters) =>
            foldText(d.name).includes(search) && (filters.activated === null || String(d.activated) === filters.activated),
        }}
        columns={departmentColumns(setActivated)}
        rowLabel={(d) => d.name}
        searchLabel={t.departments.search}
        filters={[
          {
            name: 'activated',
            label: t.departments.filters.activated,
            placeholder: t.departments.filters.any,
            options: [
              { value: 'true', label: t.departments.filters.on },
              { value: 'false', label: t.departments.filters.off },
            ],
          },
        ]}
        rowActions={(d) => [
          { label: t.departments.actions.rename, onClick: () => setEditing(d) },
          { label: d.activated ? t.departments.actions.deactivate : t.departments.actions.activate, onClick: () => setActivated(d, !d.activated) },
          { label: t.departments.actions.delete, danger: true, onClick: () => void askDelete(d) },
        ]}
        empty={{ title: t.departments.empty, hint: t.departments.emptyHint, action: addButton }}
        errorTitle={t.departments.error}
      />
      <EntityFormDrawer<DepartmentFormValues>
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? t.departments.renameTitle : t.departments.createTitle}
        schema={departmentFormSchema}
        initialValues={initialValues}
        submitLabel={current ? t.departments.save : t.departments.create}
        successMessage={current ? t.departments.saved : t.departments.created}
        onSubmit={(values) => (current ? update.mutateAsync({ id: current.id, name: values.name }) : create.mutateAsync({ name: values.name, activated: true }))}
      >
        {(form) => <TextInput label={t.departments.name} withAsterisk data-autofocus key={form.key('name')} {...form.getInputProps('name')} />}
      </EntityFormDrawer>
      <MoveDepartmentModal
        removal={removal}
        targets={activeTargets}
        pending={update.isPending || remove.isPending}
        onCancel={() => setRemoval(null)}
        onConfirm={finishRemoval}
      />
    </AdminPage>
  );
}
