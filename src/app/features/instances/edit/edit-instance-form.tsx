import { Button, Select, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { MESSAGING_LIMIT_UNLIMITED_LABEL } from '../../../../shared/domain/messaging-limit';
import { updateInstance } from '../api/instance-operations';
import { formValuesFrom, isDirty, updateVariables, validateEditForm } from '../model/edit-form';
import type { EditFormErrors, EditFormValues } from '../model/edit-form';
import { isCloudApi } from '../model/instance';
import type { InstanceView } from '../model/instance';
import { t } from '../texts';
import { DialogParamsField } from './dialog-params-field';

/** Meta's current daily tiers of business-initiated conversations. */
const LIMIT_OPTIONS = ['250', '2 mil', '10 mil', '100 mil', MESSAGING_LIMIT_UNLIMITED_LABEL];

/** A connection saved with an older limit (e.g. 1 mil) keeps it on offer until changed. */
const limitOptions = (current: string): string[] => (LIMIT_OPTIONS.includes(current) ? LIMIT_OPTIONS : [current, ...LIMIT_OPTIONS]);

interface Props {
  tenant: string;
  instance: InstanceView;
  onSaved: (instance: InstanceView) => void;
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="fieldset" style={{ margin: 0, minWidth: 0 }}>
      <Stack gap="sm">
        <Title order={2} fz="h4" component="legend" style={{ padding: 0, float: 'left', width: '100%' }}>
          {title}
        </Title>
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}

/** The fields of instances/edit/{id}; only what changed is sent, the token only when typed. */
export function EditInstanceForm({ tenant, instance, onSaved }: Props) {
  const [values, setValues] = useState<EditFormValues>(() => formValuesFrom(instance));
  const [errors, setErrors] = useState<EditFormErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (key: keyof EditFormValues) => (value: string) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };
  const text = (key: keyof EditFormValues) => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key)(event.currentTarget.value),
    error: errors[key],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateEditForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      notifications.show({ color: 'red', title: t.edit.invalidForm, message: Object.values(found)[0] ?? '' });
      return;
    }
    setBusy(true);
    try {
      const saved = await updateInstance(tenant, updateVariables(instance, values));
      onSaved(saved);
      setValues(formValuesFrom(saved));
      notifications.show({ color: 'teal', title: t.edit.saved, message: t.edit.savedMessage(saved.name) });
    } catch {
      // The shared client showed the server's reason (SPEC §8).
    } finally {
      setBusy(false);
    }
  };

  const dirty = isDirty(instance, values);
  return (
    <form onSubmit={submit} noValidate aria-label={t.edit.save}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Section title={t.edit.general}>
            <TextInput label={t.edit.name} required {...text('name')} />
            <TextInput label={t.edit.phone} description={t.edit.phoneHint} inputMode="tel" {...text('phone_number')} />
            <TextInput label={t.edit.broker} description={t.edit.brokerHint} {...text('broker')} />
          </Section>
          <Section title={t.edit.officialApi} hint={isCloudApi(instance) ? undefined : t.edit.officialApiHint}>
            <TextInput label={t.edit.wabaId} inputMode="numeric" autoComplete="off" {...text('waba_id')} />
            <TextInput label={t.edit.phoneId} inputMode="numeric" autoComplete="off" {...text('official_phone_id')} />
            <PasswordInput
              label={t.edit.token}
              description={instance.official_token ? t.edit.tokenSaved(instance.official_token) : t.edit.tokenEmpty}
              placeholder={instance.official_token ?? undefined}
              autoComplete="off"
              {...text('official_token')}
            />
          </Section>
          <Section title={t.edit.limits}>
            <TextInput
              label={t.edit.messagingSend}
              description={t.edit.messagingSendHint}
              inputMode="numeric"
              {...text('messaging_send')}
            />
            <Select
              label={t.edit.messagingLimit}
              description={t.edit.messagingLimitHint}
              data={limitOptions(values.messaging_limit)}
              value={values.messaging_limit}
              onChange={(value) => set('messaging_limit')(value ?? MESSAGING_LIMIT_UNLIMITED_LABEL)}
              error={errors.messaging_limit}
              allowDeselect={false}
            />
          </Section>
          <Section title={t.edit.advanced}>
            <DialogParamsField value={values.dialog_params} error={errors.dialog_params} onChange={set('dialog_params')} />
          </Section>
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {t.edit.save}
          </Button>
          {dirty ? (
            <Text size="sm" c="dimmed" role="status">
              {t.edit.unsaved}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
