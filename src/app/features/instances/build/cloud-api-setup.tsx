import { Alert, Button, CopyButton, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { checkIntegration, connectInstance, updateInstance } from '../api/instance-operations';
import type { IntegrationCheck } from '../api/instance-operations';
import { formValuesFrom, updateVariables, validateEditForm } from '../model/edit-form';
import type { EditFormErrors } from '../model/edit-form';
import type { InstanceView } from '../model/instance';
import { t } from '../texts';

interface Props {
  tenant: string;
  instance: InstanceView;
  onChange: (instance: InstanceView) => void;
}

interface CloudFields {
  official_phone_id: string;
  waba_id: string;
  official_token: string;
}

/** The three fields the Cloud API needs, checked by the same rules as the edit screen. */
function cloudVariables(instance: InstanceView, fields: CloudFields): { errors: EditFormErrors; vars: Record<string, unknown> } {
  const values = { ...formValuesFrom(instance), ...fields };
  const all = validateEditForm(values);
  const errors: EditFormErrors = {};
  for (const key of ['official_phone_id', 'waba_id', 'official_token'] as const) if (all[key]) errors[key] = all[key];
  return { errors, vars: updateVariables(instance, values) };
}

/**
 * A Cloud API connection: 1. the number's ids and token (saved), 2. 'Verificar token' asks the
 * Graph API with them, 3. 'Conectar' brings it up. The token is never shown back: the field
 * starts empty and only a typed value replaces the saved one.
 */
export function CloudApiSetup({ tenant, instance, onChange }: Props) {
  const [fields, setFields] = useState<CloudFields>({
    official_phone_id: instance.official_phone_id ?? '',
    waba_id: instance.waba_id ?? '',
    official_token: '',
  });
  const [errors, setErrors] = useState<EditFormErrors>({});
  const [check, setCheck] = useState<IntegrationCheck | null>(null);
  const [busy, setBusy] = useState<'save' | 'verify' | 'connect' | null>(null);

  const set = (key: keyof CloudFields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
    setCheck(null);
  };

  /** Saves what changed; false when the form is invalid or the server refused it. */
  const save = async (): Promise<boolean> => {
    const { errors: found, vars } = cloudVariables(instance, fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    if (Object.keys(vars).length <= 1) return true;
    try {
      onChange(await updateInstance(tenant, vars));
      setFields((previous) => ({ ...previous, official_token: '' }));
      return true;
    } catch {
      return false;
    }
  };

  const run = async (step: 'save' | 'verify' | 'connect', task: () => Promise<void>) => {
    setBusy(step);
    try {
      await task();
    } catch {
      // The shared client showed the reason.
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('save', async () => {
      await save();
    });
  };
  const verify = () =>
    run('verify', async () => {
      if (await save()) setCheck(await checkIntegration(tenant, instance.id));
    });
  const connect = () =>
    run('connect', async () => {
      if (await save()) onChange(await connectInstance(tenant, instance.id));
    });

  const webhookUrl = instance.webhook_path ? `${window.location.origin}${instance.webhook_path}` : null;

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="h4">
            {t.build.cloudTitle}
          </Title>
          <Text c="dimmed" maw={680}>
            {t.build.cloudIntro}
          </Text>
          <TextInput
            label={t.build.phoneId}
            description={t.build.phoneIdHint}
            value={fields.official_phone_id}
            onChange={set('official_phone_id')}
            error={errors.official_phone_id}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextInput
            label={t.build.wabaId}
            value={fields.waba_id}
            onChange={set('waba_id')}
            error={errors.waba_id}
            inputMode="numeric"
            autoComplete="off"
          />
          <PasswordInput
            label={t.build.token}
            description={instance.official_token ? t.edit.tokenSaved(instance.official_token) : t.build.tokenHint}
            value={fields.official_token}
            onChange={set('official_token')}
            error={errors.official_token}
            autoComplete="off"
          />
          <Group gap="sm">
            <Button type="submit" variant="default" loading={busy === 'save'}>
              {t.build.save}
            </Button>
            <Button variant="light" onClick={() => void verify()} loading={busy === 'verify'}>
              {t.build.verify}
            </Button>
            <Button onClick={() => void connect()} loading={busy === 'connect'} disabled={instance.activated}>
              {t.build.connect}
            </Button>
          </Group>
          {check ? (
            <Alert color={check.ok ? 'teal' : 'red'} variant="light" title={check.ok ? t.build.verifyOk : t.build.verifyFailed} role="status">
              <Text size="sm">{check.message}</Text>
              {check.ok && (check.verified_name || check.display_phone_number) ? (
                <Text size="sm" fw={500}>
                  {[check.verified_name, check.display_phone_number].filter(Boolean).join(' · ')}
                </Text>
              ) : null}
            </Alert>
          ) : null}
          {instance.activated ? (
            <Alert color="teal" variant="light" role="status">
              {t.build.connectedMessage(instance.name)}
            </Alert>
          ) : null}
          {webhookUrl ? (
            <Stack gap={4}>
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput label={t.build.webhook} value={webhookUrl} readOnly style={{ flex: 1 }} />
                <CopyButton value={webhookUrl}>
                  {({ copied, copy }) => (
                    <Button variant="default" onClick={copy} aria-label={`${t.build.copy}: ${t.build.webhook}`}>
                      {copied ? t.build.copied : t.build.copy}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                {t.build.webhookHint}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
