import { Button, Drawer, Group, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import type { z } from 'zod';
import { useEntityForm } from './use-entity-form';

export interface EntityFormDrawerProps<V extends Record<string, unknown>> {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The zod schema of the values, from src/shared (the server parses the same one). */
  schema: z.ZodType<V>;
  /** The values the form opens with; a new object (another record) resets the form. */
  initialValues: V;
  submitLabel: string;
  /** Usually a useGqlMutation's mutateAsync; a rejection keeps the drawer open. */
  onSubmit: (values: V) => Promise<unknown>;
  /** The green notice after success, e.g. 'Usuário salvo.' */
  successMessage: string;
  children: (form: UseFormReturnType<V>) => ReactNode;
}

/**
 * The create/edit form of an admin screen (DESIGN §5a) in a right-hand drawer: @mantine/form with
 * the shared zod schema, the submit button pending while the server works, the server's validation
 * error (SPEC §5: the first invalid field's message) under that field and focused, and a success
 * notification. Esc or 'Cancelar' closes it.
 *
 *   <EntityFormDrawer opened={!!editing} onClose={close} title="Editar departamento" schema={departmentSchema}
 *     initialValues={{ name: editing?.name ?? '' }} submitLabel="Salvar" successMessage="Departamento salvo."
 *     onSubmit={(values) => save.mutateAsync({ id: editing.id, ...values })}>
 *     {(form) => <TextInput label="Nome" withAsterisk key={form.key('name')} {...form.getInputProps('name')} />}
 *   </EntityFormDrawer>
 */
export function EntityFormDrawer<V extends Record<string, unknown>>(props: EntityFormDrawerProps<V>) {
  const { opened, initialValues } = props;
  const { form, submit } = useEntityForm({
    schema: props.schema,
    initialValues,
    onSubmit: props.onSubmit,
    successMessage: props.successMessage,
    onSuccess: props.onClose,
  });

  // A drawer opened for another record (or again for a new one) starts from its values.
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues(initialValues);
    form.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; only a new record resets it.
  }, [opened, initialValues]);

  return (
    <Drawer opened={opened} onClose={props.onClose} title={props.title} position="right" size="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {props.children(form)}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={props.onClose} disabled={form.submitting}>
              Cancelar
            </Button>
            <Button type="submit" loading={form.submitting}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
