import { Avatar, Button, FileInput, Group, MultiSelect, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo, useState } from 'react';
import { editUserFormSchema, newUserFormSchema, type UserFormValues } from '../../../../shared/domain/team-forms';
import { EntityFormDrawer, useGqlMutation } from '../../../ui/admin';
import { PasswordStrengthMeter } from '../../../ui/password-strength-meter';
import { NEW_USER, UPDATE_USER, type TeamUser } from '../api/team-operations';
import { t } from '../texts';
import type { Option } from '../ui/use-team-options';

const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

const readAsDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

function PasswordWithMeter({ form, label }: { form: UseFormReturnType<UserFormValues>; label: string }) {
  const [password, setPassword] = useState(form.getValues().password);
  form.watch('password', ({ value }) => setPassword(value));
  return (
    <Stack gap={6}>
      <PasswordInput label={label} autoComplete="new-password" key={form.key('password')} {...form.getInputProps('password')} />
      <PasswordStrengthMeter password={password} />
    </Stack>
  );
}

/** A new photo (data URL), the current one kept (undefined) or removed (''). */
function PhotoField({ current, value, onChange }: { current: string | null; value: string | undefined; onChange: (next: string | undefined) => void }) {
  const [error, setError] = useState<string | null>(null);
  const shown = value === undefined ? current : value || null;
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <Avatar src={shown} radius="xl" size={48} alt="" />
      <FileInput
        label={t.users.fields.photo}
        description={t.users.fields.photoHint}
        accept="image/png,image/jpeg,image/webp"
        placeholder="Escolher imagem…"
        error={error}
        clearable
        style={{ flex: 1 }}
        onChange={async (file) => {
          setError(null);
          if (!file) return onChange(undefined);
          if (file.size > MAX_PHOTO_BYTES) return setError(t.users.photoTooLarge);
          onChange(await readAsDataUrl(file));
        }}
      />
      {shown ? (
        <Button variant="subtle" color="red" size="xs" onClick={() => onChange('')}>
          {t.users.fields.removePhoto}
        </Button>
      ) : null}
    </Group>
  );
}

export interface UserFormDrawerProps {
  /** null: closed; 'new': creating; a user: editing them. */
  target: TeamUser | 'new' | null;
  onClose: () => void;
  roles: Option[];
  departments: Option[];
  connections: Option[];
}

/** Create or edit a user (SPEC §7 newUser / updateUser) with the SPEC §5 password rules. */
export function UserFormDrawer({ target, onClose, roles, departments, connections }: UserFormDrawerProps) {
  const editing = target !== null && target !== 'new' ? target : null;
  const [image, setImage] = useState<string | undefined>(undefined);
  const create = useGqlMutation(NEW_USER, { invalidates: ['users', 'departments'] });
  const update = useGqlMutation(UPDATE_USER, { invalidates: ['users', 'departments'] });

  const initialValues = useMemo<UserFormValues>(
    () => ({
      name: editing?.name ?? '',
      email: editing?.email ?? '',
      username: editing?.username ?? '',
      password: '',
      role_id: editing ? String(editing.role.id) : '',
      user_department_id: editing?.userDepartment ? String(editing.userDepartment.id) : null,
      chosen_instances: editing ? editing.userInstances.map((row) => String(row.instance_id)) : connections.length === 1 ? [connections[0]!.value] : [],
    }),
    // A new object only for another record (or reopening), not at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [target],
  );

  const submit = async (values: UserFormValues) => {
    const fields = { ...values, username: values.username || null };
    if (editing) {
      await update.mutateAsync({ id: editing.id, ...fields, password: values.password || null, ...(image === undefined ? {} : { image }) });
    } else {
      await create.mutateAsync(fields);
    }
    setImage(undefined);
  };

  return (
    <EntityFormDrawer<UserFormValues>
      opened={target !== null}
      onClose={() => {
        setImage(undefined);
        onClose();
      }}
      title={editing ? t.users.editTitle : t.users.createTitle}
      schema={editing ? editUserFormSchema : newUserFormSchema}
      initialValues={initialValues}
      submitLabel={editing ? t.users.save : t.users.create}
      successMessage={editing ? t.users.saved : t.users.created}
      onSubmit={submit}
    >
      {(form) => (
        <>
          {editing ? <PhotoField current={editing.photo ?? null} value={image} onChange={setImage} /> : null}
          <TextInput label={t.users.fields.name} withAsterisk data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput label={t.users.fields.email} type="email" withAsterisk key={form.key('email')} {...form.getInputProps('email')} />
          <TextInput
            label={t.users.fields.username}
            description={t.users.fields.usernameHint}
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <PasswordWithMeter form={form} label={editing ? t.users.fields.newPassword : t.users.fields.password} />
          <Select label={t.users.fields.role} withAsterisk data={roles} key={form.key('role_id')} {...form.getInputProps('role_id')} />
          <Select
            label={t.users.fields.department}
            description={t.users.fields.departmentHint}
            placeholder={t.users.fields.noDepartment}
            data={departments}
            clearable
            key={form.key('user_department_id')}
            {...form.getInputProps('user_department_id')}
          />
          <MultiSelect
            label={t.users.fields.connections}
            description={t.users.fields.connectionsHint}
            data={connections}
            key={form.key('chosen_instances')}
            {...form.getInputProps('chosen_instances')}
          />
          {editing?.id === '1' ? (
            <Text size="xs" c="dimmed">
              {t.users.protectedUser}
            </Text>
          ) : null}
        </>
      )}
    </EntityFormDrawer>
  );
}
