import { Alert, Checkbox, FileInput, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { ScheduledAttachment } from '../../../../shared/graphql/generated';
import { adminKey, useGqlQuery } from '../../../ui/admin';
import { APPROVED_TEMPLATES } from '../api/crm-operations';
import { t } from '../texts';
import { parseTemplateValue, templateVariablesFor, templateValue, type ScheduleFormValues } from './schedule-form';

export interface ScheduleFileState {
  file: File | null;
  /** Editing: the file the schedule already carries, and whether the user took it out. */
  kept: ScheduledAttachment | null;
  removeKept: boolean;
}

interface Props {
  form: UseFormReturnType<ScheduleFormValues>;
  officialIds: ReadonlySet<string>;
  files: ScheduleFileState;
  onFiles: (next: ScheduleFileState) => void;
}

/**
 * What the schedule sends: text with an optional file (the text is its caption), or, on an
 * official connection, an approved WhatsApp template with its variables filled in.
 */
export function ScheduleContentFields({ form, officialIds, files, onFiles }: Props) {
  const texts = t.schedules.content;
  const initial = form.getValues();
  const [instanceId, setInstanceId] = useState(initial.instance_id);
  const [kind, setKind] = useState(initial.kind);
  const [template, setTemplate] = useState(initial.template);
  const [variables, setVariables] = useState(initial.variables);
  form.watch('instance_id', ({ value }) => {
    setInstanceId(value);
    if (!officialIds.has(value) && form.getValues().kind === 'template') form.setFieldValue('kind', 'text');
  });
  form.watch('kind', ({ value }) => setKind(value));
  form.watch('template', ({ value }) => setTemplate(value));
  form.watch('variables', ({ value }) => setVariables(value));
  const official = officialIds.has(instanceId);
  const templates = useGqlQuery(APPROVED_TEMPLATES, {
    key: adminKey('templates', 'schedule', instanceId),
    variables: { instance_id: instanceId },
    enabled: official && kind === 'template',
    select: (data) => data.whatsappTemplates,
  });
  const chosen = templates.data?.find((item) => templateValue(item) === template) ?? null;
  useEffect(() => {
    if (!chosen) return;
    const current = form.getValues().variables;
    const needed = templateVariablesFor(chosen.components, current);
    if (needed.map((v) => v.key).join('\n') !== current.map((v) => v.key).join('\n')) form.setFieldValue('variables', needed);
  }, [chosen, form]);
  const chooseTemplate = (value: string | null) => {
    const next = value ?? '';
    form.setFieldValue('template', next);
    const item = templates.data?.find((candidate) => templateValue(candidate) === next);
    form.setFieldValue('variables', item ? templateVariablesFor(item.components, []) : []);
  };
  const keptShown = files.kept && !files.removeKept && !files.file;

  return (
    <Stack gap="sm">
      {official && (
        <SegmentedControl
          aria-label={texts.kindLabel}
          data={[
            { value: 'text', label: texts.text },
            { value: 'template', label: texts.template },
          ]}
          key={form.key('kind')}
          {...form.getInputProps('kind')}
        />
      )}
      {kind === 'template' && official ? (
        <>
          <Select
            label={texts.templateLabel}
            withAsterisk
            placeholder={templates.isLoading ? texts.loading : texts.templatePlaceholder}
            data={(templates.data ?? []).map((item) => ({ value: templateValue(item), label: `${item.name} (${item.language})` }))}
            nothingFoundMessage={texts.noTemplates}
            searchable
            key={form.key('template')}
            {...form.getInputProps('template')}
            onChange={chooseTemplate}
            comboboxProps={{ withinPortal: true }}
          />
          {chosen && (
            <Text size="xs" c="dimmed">
              {texts.templateHint(parseTemplateValue(template).name)}
            </Text>
          )}
          {chosen &&
            variables.map((item, index) => (
              <TextInput
                key={form.key(`variables.${index}.value`)}
                label={texts.variable(item.key)}
                withAsterisk
                {...form.getInputProps(`variables.${index}.value`)}
              />
            ))}
        </>
      ) : (
        <>
          <Textarea
            label={t.schedules.message}
            description={files.file || keptShown ? texts.caption : undefined}
            withAsterisk={!files.file && !keptShown}
            autosize
            minRows={3}
            maxRows={8}
            key={form.key('message')}
            {...form.getInputProps('message')}
          />
          {keptShown ? (
            <Alert variant="light" p="xs">
              <Stack gap={4}>
                <Text size="sm">{texts.keptFile(files.kept!.name ?? files.kept!.kind)}</Text>
                <Checkbox
                  label={texts.removeFile}
                  checked={files.removeKept}
                  onChange={(event) => {
                    onFiles({ ...files, removeKept: event.currentTarget.checked });
                    form.setFieldValue('has_file', !event.currentTarget.checked);
                  }}
                />
              </Stack>
            </Alert>
          ) : null}
          <FileInput
            label={keptShown ? texts.replaceFile : texts.file}
            placeholder={texts.filePlaceholder}
            description={texts.fileHint}
            clearable
            value={files.file}
            onChange={(file) => {
              onFiles({ ...files, file });
              form.setFieldValue('has_file', Boolean(file) || Boolean(files.kept && !files.removeKept));
            }}
          />
        </>
      )}
    </Stack>
  );
}
