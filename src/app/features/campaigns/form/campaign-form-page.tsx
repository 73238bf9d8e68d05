import { Alert, Button, Group, LoadingOverlay, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { campaignLoadingText } from '../../../../shared/domain/campaigns/campaign-states';
import type { Campaign } from '../../../../shared/graphql/generated';
import { adminKey, useEntityForm, useGqlMutation, useGqlQuery, useTenant } from '../../../ui/admin';
import { CAMPAIGN_CONNECTIONS, CREATE_CAMPAIGN, START_CAMPAIGN, UPDATE_CAMPAIGN } from '../api/campaign-operations';
import { campaignFormOf, campaignFormSchema, campaignInputOf, emptyCampaignForm, type CampaignFormValues } from '../model/campaign-form';
import { t } from '../texts';
import { AudienceFields } from './audience-fields';
import { AudiencePreview } from './audience-preview';
import { MessageFields } from './message-fields';

type Intent = 'draft' | 'start';

/** A section of the form with its title. */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * whatsapp/campaigns/add and the edit of a campaign not started yet: name, connection, audience
 * (with how many receive), message by kind of connection, and when. "Salvar e iniciar" saves and
 * starts (now, or at the chosen time); the wait shows SPEC §9's text for the number of contacts.
 */
export function CampaignForm({ campaign }: { campaign: Campaign | null }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const connections = useGqlQuery(CAMPAIGN_CONNECTIONS, { key: adminKey('instances', 'campaign-options'), select: (data) => data.instances });
  const create = useGqlMutation(CREATE_CAMPAIGN, { invalidates: ['campaigns'] });
  const update = useGqlMutation(UPDATE_CAMPAIGN, { invalidates: ['campaigns'] });
  const start = useGqlMutation(START_CAMPAIGN, { invalidates: ['campaigns'] });
  const intent = useRef<Intent>('start');
  const [recipients, setRecipients] = useState(0);
  const onCount = useCallback((n: number) => setRecipients(n), []);
  const initialValues = useMemo(() => (campaign ? campaignFormOf(campaign) : emptyCampaignForm()), [campaign]);
  const list = () => void navigate({ href: `/${tenant}/whatsapp/campaigns` });

  const { form, submit } = useEntityForm<CampaignFormValues>({
    schema: campaignFormSchema,
    initialValues,
    successMessage: t.form.saved,
    onSubmit: async (values) => {
      const input = campaignInputOf(values);
      const saved = campaign ? (await update.mutateAsync({ id: campaign.id, input })).updateCampaign : (await create.mutateAsync({ input })).createCampaign;
      if (intent.current === 'start') {
        await start.mutateAsync({ id: saved.id });
        void navigate({ href: `/${tenant}/whatsapp/campaigns/edit/${saved.id}` });
      } else {
        list();
      }
    },
  });

  const [instanceId, setInstanceId] = useState(initialValues.instance_id);
  const [when, setWhen] = useState(initialValues.when);
  form.watch('instance_id', ({ value }) => {
    setInstanceId(value);
    const official = Boolean(connections.data?.find((c) => String(c.id) === value)?.is_official);
    if (official !== form.getValues().is_official) {
      form.setFieldValue('is_official', official);
      form.setFieldValue('template', '');
      form.setFieldValue('variables', []);
    }
  });
  form.watch('when', ({ value }) => setWhen(value));
  const official = Boolean(connections.data?.find((c) => String(c.id) === instanceId)?.is_official);

  const submitWith = (next: Intent) => () => {
    intent.current = next;
  };

  return (
    <form onSubmit={submit} noValidate style={{ position: 'relative' }}>
      <LoadingOverlay
        visible={form.submitting}
        zIndex={300}
        overlayProps={{ blur: 1 }}
        loaderProps={{
          children: (
            <Stack align="center" gap="xs" role="status">
              <Text fw={600}>{campaignLoadingText(recipients)}</Text>
            </Stack>
          ),
        }}
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="md">
            <Section title={t.form.sectionBasics}>
              <TextInput label={t.form.name} description={t.form.nameHint} withAsterisk data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
              <Select
                label={t.form.connection}
                withAsterisk
                data={(connections.data ?? []).map((c) => ({ value: String(c.id), label: c.is_official ? `${c.name} (${t.form.connectionOfficial})` : c.name }))}
                key={form.key('instance_id')}
                {...form.getInputProps('instance_id')}
                comboboxProps={{ withinPortal: true }}
              />
            </Section>
            <Section title={t.form.audience}>
              <AudienceFields form={form} savedCsvNumbers={campaign?.audience.csv_numbers ?? 0} />
            </Section>
          </Stack>
          <Stack gap="md">
            <Section title={t.form.message}>
              <MessageFields form={form} official={official} instanceId={instanceId} />
            </Section>
            <Section title={t.form.when}>
              <SegmentedControl
                aria-label={t.form.when}
                data={[
                  { value: 'now', label: t.form.now },
                  { value: 'later', label: t.form.later },
                ]}
                key={form.key('when')}
                {...form.getInputProps('when')}
              />
              {when === 'later' && (
                <TextInput type="datetime-local" step={1} label={t.form.sendAt} withAsterisk key={form.key('send_at')} {...form.getInputProps('send_at')} />
              )}
              <AudiencePreview form={form} onCount={onCount} />
              {form.errors.group_ids && (
                <Alert color="red" variant="light">
                  {String(form.errors.group_ids)}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="subtle" onClick={list}>
                  {t.cancel}
                </Button>
                <Button type="submit" variant="default" onClick={submitWith('draft')} loading={form.submitting && intent.current === 'draft'}>
                  {t.form.save}
                </Button>
                <Button type="submit" onClick={submitWith('start')} loading={form.submitting && intent.current === 'start'}>
                  {when === 'later' ? t.form.saveAndSchedule : t.form.saveAndStart}
                </Button>
              </Group>
            </Section>
          </Stack>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
