import { Anchor, Button, Grid, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { MESSAGE_VARIABLES, fillMessageVariables } from '../../../../shared/domain/store-info';
import { AdminPage, adminKey, useGqlQuery, useTenant } from '../../../ui/admin';
import { CLOSING_REASONS, STORE_INFO } from '../api/operations';
import { t } from '../texts';
import { CustomerBubbles } from '../ui/customer-bubble';
import { SettingsForm } from '../ui/settings-form';
import { SettingsState } from '../ui/settings-state';
import { useSettingScope } from '../ui/use-setting-scope';

const KEY = 'closing_message';

/** configs/closing-messages: the closing message per store and per connection, previewed as the customer reads it. */
export function ClosingMessagesPage() {
  const tenant = useTenant();
  const scope = useSettingScope([KEY]);
  const store = useGqlQuery(STORE_INFO, { key: adminKey('store_info'), select: (d) => d.storeInfo });
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const current = scope.values.data ? scope.effective(KEY) : null;
  useEffect(() => {
    if (current !== null) setText(current);
  }, [current, scope.instanceId]);

  const reasonsInstance = scope.instanceId ?? scope.connections.data?.[0]?.id ?? null;
  const reasons = useGqlQuery(CLOSING_REASONS, {
    key: adminKey('crm_reasons', 'closing', reasonsInstance),
    variables: { instance_id: reasonsInstance ?? '' },
    enabled: reasonsInstance !== null,
    select: (d) => d.attendanceReferences.closing_reasons,
  });

  const insert = (name: string) => {
    const el = area.current;
    const token = `{{${name}}}`;
    const at = el?.selectionStart ?? text.length;
    const next = text.slice(0, at) + token + text.slice(el?.selectionEnd ?? at);
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };

  const preview = fillMessageVariables(text, {
    customerName: t.closing.sampleCustomer,
    protocol: t.closing.sampleProtocol,
    store: store.data ?? { name: '', phone: '', address: '' },
  }).trim();

  return (
    <AdminPage description={t.closing.description}>
      <SettingsState loading={scope.values.isPending} error={scope.values.error} onRetry={() => void scope.values.refetch()}>
        {() => (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <SettingsForm scope={scope} noteKey={KEY} onSubmit={() => void scope.write([{ key: KEY, value: text }])}>
                <Textarea
                  ref={area}
                  label={t.closing.message}
                  description={t.closing.messageHint}
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                  autosize
                  minRows={4}
                  maxRows={12}
                  maxLength={1000}
                />
                <Group gap={6} aria-label={t.closing.variables} role="group">
                  <Text size="xs" c="dimmed">
                    {t.closing.variables}:
                  </Text>
                  {MESSAGE_VARIABLES.map((v) => (
                    <Button key={v.name} size="compact-xs" variant="light" onClick={() => insert(v.name)} title={`{{${v.name}}}`}>
                      {v.label}
                    </Button>
                  ))}
                </Group>
              </SettingsForm>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md">
                <Stack gap={6}>
                  <Title order={2} fz="h5">
                    {t.closing.preview}
                  </Title>
                  <CustomerBubbles label={t.closing.preview} messages={preview ? [preview] : []} empty={t.closing.previewEmpty} />
                </Stack>
                <Paper withBorder p="md" radius="md">
                  <Stack gap={6}>
                    <Group justify="space-between">
                      <Title order={2} fz="h5">
                        {t.closing.reasons}
                      </Title>
                      <Anchor component={Link} to={`/${tenant}/crm/reasons`} size="sm">
                        {t.closing.reasonsLink}
                      </Anchor>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {t.closing.reasonsHint}
                    </Text>
                    {reasonsInstance === null ? (
                      <Text size="sm">{t.closing.reasonsNeedConnection}</Text>
                    ) : reasons.data && reasons.data.length > 0 ? (
                      <List size="sm" aria-label={t.closing.reasons}>
                        {reasons.data.map((r) => (
                          <List.Item key={r.id}>{r.name}</List.Item>
                        ))}
                      </List>
                    ) : (
                      <Text size="sm">{reasons.isPending ? t.common.loading : t.closing.reasonsEmpty}</Text>
                    )}
                  </Stack>
                </Paper>
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </SettingsState>
    </AdminPage>
  );
}
