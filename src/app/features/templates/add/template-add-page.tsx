import { Box, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useParams, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { errors as errorTexts } from '../../../../shared/i18n/pt-BR';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/remote/load-states';
import { createTemplate } from '../api/template-operations';
import { draftComponents, emptyDraft, validateDraft } from '../model/template-draft';
import type { DraftErrors, TemplateDraft } from '../model/template-draft';
import { draftParts } from '../model/template-parts';
import type { ParameterFormat } from '../model/variables';
import { WhatsappBubble } from '../preview/whatsapp-bubble';
import { t } from '../texts';
import { ConnectionSelect } from '../ui/connection-select';
import { useCloudConnections } from '../ui/use-cloud-connections';
import { TemplateButtonsField } from './template-buttons-field';
import { TemplateTextFields } from './template-text-fields';

const CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'].map((value) => ({ value, label: t.categories[value] ?? value }));
const LANGUAGES = ['pt_BR', 'en_US', 'es_ES'].map((value) => ({ value, label: t.languages[value] ?? value }));

/** meta/template-messages/add: write a template, see it as WhatsApp shows it, submit it to Meta. */
export function TemplateAddPage() {
  const { tenant } = useParams({ from: '/$tenant' });
  const router = useRouter();
  const connections = useCloudConnections(tenant);
  const [draft, setDraft] = useState<TemplateDraft>(emptyDraft);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const listHref = `/${tenant}/meta/template-messages`;

  if (connections.loading && !connections.data) return <LoadingState label={t.list.loadingConnections} />;
  if (connections.error && !connections.data) {
    return <ErrorState title={t.list.errorTitle} error={connections.error} onRetry={connections.reload} />;
  }
  if (!connections.selected || !connections.data) return <EmptyState title={t.list.noConnection}>{t.add.noConnection}</EmptyState>;
  const instanceId = connections.selected.id;

  // Messages appear once the user tried to send, then follow every keystroke.
  const errors: DraftErrors = submitted ? validateDraft(draft) : {};
  const patch = (next: Partial<TemplateDraft>) => setDraft((previous) => ({ ...previous, ...next }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateDraft(draft);
    const first = Object.values(found)[0];
    if (first) {
      notifications.show({ color: 'red', title: errorTexts.validationTitle, message: first });
      return;
    }
    setBusy(true);
    try {
      const created = await createTemplate(tenant, {
        instance_id: instanceId,
        name: draft.name.trim(),
        language: draft.language,
        category: draft.category,
        parameter_format: draft.parameterFormat,
        components: draftComponents(draft),
      });
      notifications.show({ color: 'teal', title: t.add.created, message: t.add.createdMessage(created.name) });
      router.history.push(listHref);
    } catch {
      // The shared client showed the server's (or Meta's) reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="md">
          <Text c="dimmed">{t.add.intro}</Text>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <ConnectionSelect connections={connections.data} value={instanceId} />
              <TextInput
                label={t.add.name}
                description={t.add.nameHint}
                value={draft.name}
                onChange={(event) => patch({ name: event.currentTarget.value })}
                error={errors.name}
                required
                autoComplete="off"
              />
              <Group grow align="flex-start">
                <Select label={t.add.category} data={CATEGORIES} value={draft.category} onChange={(v) => v && patch({ category: v })} allowDeselect={false} />
                <Select label={t.add.language} data={LANGUAGES} value={draft.language} onChange={(v) => v && patch({ language: v })} allowDeselect={false} />
              </Group>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="template-parameter-format">
                  {t.add.parameterFormat}
                </Text>
                <SegmentedControl
                  aria-labelledby="template-parameter-format"
                  value={draft.parameterFormat}
                  onChange={(value) => patch({ parameterFormat: value as ParameterFormat })}
                  data={[
                    { value: 'POSITIONAL', label: t.add.positional },
                    { value: 'NAMED', label: t.add.named },
                  ]}
                  style={{ alignSelf: 'flex-start' }}
                />
              </Stack>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <TemplateTextFields draft={draft} errors={errors} onChange={patch} />
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <TemplateButtonsField buttons={draft.buttons} errors={errors} onChange={(buttons) => patch({ buttons })} />
          </Paper>
          <Group gap="sm">
            <Button type="submit" loading={busy}>
              {t.add.submit}
            </Button>
            <Button component={Link} to={listHref} variant="default">
              {t.add.cancel}
            </Button>
          </Group>
        </Stack>
        <Box style={{ position: 'sticky', top: 88, alignSelf: 'start' }}>
          <Stack gap="xs">
            <Title order={2} fz="h4">
              {t.add.preview}
            </Title>
            <WhatsappBubble parts={draftParts(draft)} label={t.add.previewLabel} />
          </Stack>
        </Box>
      </SimpleGrid>
    </form>
  );
}
