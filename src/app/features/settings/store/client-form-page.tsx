import { Badge, Button, Grid, Group, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { formatPhone } from '../../../../shared/domain/phone';
import { storeInfoSchema } from '../../../../shared/domain/store-info';
import { formatCnpj } from '../../../../shared/domain/tax-id';
import { isAdminRole } from '../../../../shared/domain/permissions';
import { GraphqlRequestError } from '../../../api/request-error';
import { sessionState } from '../../../state/session';
import { AdminPage, adminKey, useGqlMutation, useGqlQuery } from '../../../ui/admin';
import { SAVE_STORE_INFO, STORE_INFO, type StoreInfoValues } from '../api/operations';
import { t } from '../texts';
import { SettingsState } from '../ui/settings-state';
import { OpeningHoursField } from './opening-hours-field';
import { StoreLogoField } from './store-logo-field';

/** configs/client-form (all): everyone reads the store info; the administrador (or a role listing the route) changes it. */
export function ClientFormPage() {
  const session = useSnapshot(sessionState).current;
  const role = session?.user.role;
  const canEdit = isAdminRole(role) || (role?.has_permission_routes.includes('configs-client-form') ?? false);
  const info = useGqlQuery(STORE_INFO, { key: adminKey('store_info'), select: (d) => d.storeInfo });
  const save = useGqlMutation(SAVE_STORE_INFO, { invalidates: ['store_info'] });
  const form = useForm<StoreInfoValues>({
    mode: 'controlled',
    initialValues: { name: '', document: '', address: '', phone: '', opening_hours: [], logo: '' },
    validate: zod4Resolver(storeInfoSchema),
  });

  useEffect(() => {
    if (!info.data) return;
    const { name, document, address, phone, opening_hours, logo } = info.data;
    form.setValues({ name, document: document ? formatCnpj(document) : '', address, phone: phone ? formatPhone(phone) : '', opening_hours: opening_hours.map(({ day, open, opens, closes }) => ({ day, open, opens, closes })), logo });
    form.resetDirty();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; reload only when the server's copy changes.
  }, [info.data]);

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({ input: values });
      notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.store.saved });
    } catch (error) {
      if (error instanceof GraphqlRequestError && error.field) form.setFieldError(error.field.split('.').pop() ?? error.field, error.detail ?? error.message);
    }
  });

  return (
    <AdminPage
      description={canEdit ? t.store.description : `${t.store.description} ${t.store.readOnly}`}
      action={info.data ? <Badge color={info.data.open_now ? 'teal' : 'gray'} variant="light">{info.data.open_now ? t.store.openNow : t.store.closedNow}</Badge> : null}
    >
      <SettingsState loading={info.isPending} error={info.error} onRetry={() => void info.refetch()}>
        {() => (
          <form onSubmit={submit} noValidate aria-label={t.store.description}>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, xl: 6 }}>
                <Paper withBorder p="lg" radius="md">
                  <Stack gap="sm">
                    <TextInput label={t.store.name} withAsterisk readOnly={!canEdit} {...form.getInputProps('name')} />
                    <TextInput label={t.store.document} placeholder="00.000.000/0000-00" inputMode="numeric" readOnly={!canEdit} {...form.getInputProps('document')} />
                    <Textarea label={t.store.address} autosize minRows={2} readOnly={!canEdit} {...form.getInputProps('address')} />
                    <TextInput label={t.store.phone} placeholder="(11) 3333-4444" inputMode="tel" readOnly={!canEdit} {...form.getInputProps('phone')} />
                    <StoreLogoField value={form.values.logo} onChange={(file) => form.setFieldValue('logo', file)} readOnly={!canEdit} />
                  </Stack>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, xl: 6 }}>
                <Paper withBorder p="lg" radius="md">
                  <OpeningHoursField
                    value={form.values.opening_hours}
                    onChange={(hours) => form.setFieldValue('opening_hours', hours)}
                    readOnly={!canEdit}
                    error={typeof form.errors.opening_hours === 'string' ? form.errors.opening_hours : Object.entries(form.errors).find(([k]) => k.startsWith('opening_hours'))?.[1]?.toString()}
                  />
                </Paper>
              </Grid.Col>
            </Grid>
            {canEdit ? (
              <Group mt="md">
                <Button type="submit" loading={save.isPending}>
                  {t.common.save}
                </Button>
              </Group>
            ) : null}
          </form>
        )}
      </SettingsState>
    </AdminPage>
  );
}
