import { useForm } from '@mantine/form';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { GraphqlRequestError } from '../../api/request-error';

export interface EntityFormOptions<V extends Record<string, unknown>> {
  /** The zod schema of the values, from src/shared (the server parses the same rules). */
  schema: z.ZodType<V>;
  initialValues: V;
  /** Usually a useGqlMutation's mutateAsync; a rejection keeps the form as it is. */
  onSubmit: (values: V) => Promise<unknown>;
  /** The green notice after success, e.g. 'Usuário salvo.' */
  successMessage: string;
  onSuccess?: () => void;
}

/** The refused field's path as the form knows it ('input.email' → 'email'). */
function formPathOf(values: Record<string, unknown>, field: string): string | null {
  if (field in values) return field;
  const last = field.split('.').pop() ?? '';
  return last in values ? last : null;
}

/**
 * An admin form's state and submit (DESIGN §5a), for a drawer (EntityFormDrawer) or a page:
 * @mantine/form validated by the shared zod schema, `form.submitting` while the server works,
 * the server's validation error (SPEC §5: the first invalid field's message, also notified by the
 * client) set on that field and focused, and a success notice.
 *
 *   const { form, submit } = useEntityForm({ schema: roleFormSchema, initialValues, onSubmit: save.mutateAsync, successMessage: 'Perfil salvo.' });
 *   <form onSubmit={submit}>…<Button type="submit" loading={form.submitting}>Salvar</Button></form>
 */
export function useEntityForm<V extends Record<string, unknown>>(
  options: EntityFormOptions<V>,
): { form: UseFormReturnType<V>; submit: (event?: FormEvent<HTMLFormElement>) => void } {
  // The schema may change with the record (a new user needs a password, an edit does not).
  const schema = useRef(options.schema);
  schema.current = options.schema;
  const form = useForm<V>({
    mode: 'uncontrolled',
    initialValues: options.initialValues,
    validate: (values) => zod4Resolver(schema.current)(values),
    validateInputOnBlur: true,
  });
  const focus = (path: string) => form.getInputNode(path)?.focus();

  const submit = form.onSubmit(
    async (values) => {
      form.setSubmitting(true);
      try {
        await options.onSubmit(values as V);
        notifications.show({ color: 'teal', title: 'Tudo certo!', message: options.successMessage });
        options.onSuccess?.();
      } catch (error) {
        if (error instanceof GraphqlRequestError && (error.kind === 'validation' || error.kind === 'attack') && error.field) {
          const path = formPathOf(form.getValues(), error.field);
          if (path) {
            form.setFieldError(path, error.detail ?? error.message);
            focus(path);
          }
        }
      } finally {
        form.setSubmitting(false);
      }
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) focus(first);
    },
  );
  return { form, submit };
}
