import { Grid, Select, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { NPS_SCALES, npsScaleOf } from '../../../../shared/domain/setting-keys';
import { AdminPage } from '../../../ui/admin';
import { t } from '../texts';
import { CustomerBubbles, type PreviewMessage } from '../ui/customer-bubble';
import { SettingsForm } from '../ui/settings-form';
import { SettingsState } from '../ui/settings-state';
import { useSettingScope } from '../ui/use-setting-scope';

const KEYS = ['nps_enabled', 'nps_message', 'nps_thanks', 'nps_scale'] as const;

interface Values {
  enabled: boolean;
  question: string;
  thanks: string;
  scale: string;
}

/** configs/nps-messages: the satisfaction survey sent after the closing message, its answer scale, on or off. */
export function NpsMessagesPage() {
  const scope = useSettingScope(KEYS);
  const loaded = scope.values.data !== undefined;
  const [values, setValues] = useState<Values>({ enabled: true, question: '', thanks: '', scale: '1-5' });
  const effectiveKey = loaded ? KEYS.map((k) => scope.effective(k)).join('\u0000') : null;
  useEffect(() => {
    if (effectiveKey === null) return;
    setValues({
      enabled: scope.effective('nps_enabled') === 'true',
      question: scope.effective('nps_message'),
      thanks: scope.effective('nps_thanks'),
      scale: scope.effective('nps_scale'),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when what is in force (or the scope) changes.
  }, [effectiveKey, scope.instanceId]);

  const onConnection = scope.instanceId !== null;
  const scale = npsScaleOf(values.scale);
  const preview = values.question.replace(/\{\{\s*escala\s*\}\}/g, scale.label).trim();
  const thanks = values.thanks.trim();
  const conversation: PreviewMessage[] =
    values.enabled && preview ? [preview, { customer: String(scale.max) }, ...(thanks ? [thanks] : [])] : [];

  const submit = () => {
    const entries: Array<{ key: string; value: string }> = [
      { key: 'nps_enabled', value: values.enabled ? 'true' : 'false' },
      { key: 'nps_message', value: values.question },
      { key: 'nps_thanks', value: values.thanks },
    ];
    if (!onConnection) entries.push({ key: 'nps_scale', value: values.scale });
    void scope.write(entries);
  };

  return (
    <AdminPage description={t.nps.description}>
      <SettingsState loading={scope.values.isPending} error={scope.values.error} onRetry={() => void scope.values.refetch()}>
        {() => (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <SettingsForm scope={scope} noteKey="nps_message" onSubmit={submit}>
                <Switch
                  label={t.nps.enabled}
                  checked={values.enabled}
                  onChange={(event) => setValues({ ...values, enabled: event.currentTarget.checked })}
                />
                <Textarea
                  label={t.nps.question}
                  description="Use {{escala}} para mostrar a escala de notas ao cliente."
                  value={values.question}
                  onChange={(event) => setValues({ ...values, question: event.currentTarget.value })}
                  disabled={!values.enabled}
                  autosize
                  minRows={3}
                  maxLength={1000}
                />
                <Textarea
                  label={t.nps.thanks}
                  description={t.nps.thanksHint}
                  value={values.thanks}
                  onChange={(event) => setValues({ ...values, thanks: event.currentTarget.value })}
                  disabled={!values.enabled}
                  autosize
                  minRows={2}
                  maxLength={1000}
                />
                <Select
                  label={t.nps.scale}
                  description={onConnection ? t.nps.scaleStoreOnly : 'Os painéis de satisfação usam a mesma escala.'}
                  data={NPS_SCALES.map(({ value, label }) => ({ value, label }))}
                  value={values.scale}
                  onChange={(value) => setValues({ ...values, scale: value ?? '1-5' })}
                  disabled={onConnection}
                  allowDeselect={false}
                  maw={280}
                />
              </SettingsForm>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap={6}>
                <Title order={2} fz="h5">
                  {t.nps.previewTitle}
                </Title>
                <CustomerBubbles label={t.nps.previewTitle} messages={conversation} empty={t.nps.offPreview} />
                <Text size="xs" c="dimmed">
                  {t.nps.answerNote(scale.label)}
                </Text>
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </SettingsState>
    </AdminPage>
  );
}
