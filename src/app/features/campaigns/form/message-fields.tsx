import { Alert, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { CONTACT_FIELDS, CONTACT_FIELD_LABELS } from '../../../../shared/domain/campaigns/campaign-audience';
import { BUTTON_KEY, HEADER_KEY, templateVariableKeys } from '../../../../shared/domain/template-variables';
import { adminKey, useGqlQuery } from '../../../ui/admin';
import { APPROVED_TEMPLATES, QUICK_ANSWERS } from '../api/campaign-operations';
import { templateValue, type CampaignFormValues } from '../model/campaign-form';
import { t } from '../texts';

const FIELD_OPTIONS = [{ value: '', label: t.form.variableFixed }, ...CONTACT_FIELDS.map((f) => ({ value: f, label: CONTACT_FIELD_LABELS[f] }))];

/** Official connection: an approved template, each variable taken from a contact field or a fixed text. */
function TemplateFields({ form, instanceId }: { form: UseFormReturnType<CampaignFormValues>; instanceId: string }) {
  const templates = useGqlQuery(APPROVED_TEMPLATES, {
    key: adminKey('templates', 'campaign', instanceId),
    variables: { instance_id: instanceId },
    select: (data) => data.whatsappTemplates,
  });
  const [variables, setVariables] = useState(form.getValues().variables);
  form.watch('variables', ({ value }) => setVariables(value));
  const choose = (value: string | null) => {
    form.setFieldValue('template', value ?? '');
    const item = templates.data?.find((candidate) => templateValue(candidate) === value);
    const keys = item ? templateVariableKeys(item.components) : [];
    // The body's first variable is usually the greeting's name.
    const greeting = keys.find((key) => !key.startsWith(HEADER_KEY) && !key.startsWith(BUTTON_KEY));
    form.setFieldValue(
      'variables',
      keys.map((key) => ({ key, field: key === greeting ? 'first_name' : '', value: '' })),
    );
  };
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {t.form.officialHint}
      </Text>
      <Select
        label={t.form.template}
        withAsterisk
        placeholder={t.form.templatePlaceholder}
        nothingFoundMessage={t.form.noTemplates}
        data={(templates.data ?? []).map((item) => ({ value: templateValue(item), label: `${item.name} (${item.language})` }))}
        searchable
        key={form.key('template')}
        {...form.getInputProps('template')}
        onChange={choose}
        comboboxProps={{ withinPortal: true }}
      />
      {variables.map((item, index) => (
        <Group key={item.key} grow align="flex-start">
          <Select
            label={`${t.form.variable(item.key)} · ${t.form.variableField}`}
            data={FIELD_OPTIONS}
            allowDeselect={false}
            key={form.key(`variables.${index}.field`)}
            {...form.getInputProps(`variables.${index}.field`)}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput label={t.form.fixedValue} key={form.key(`variables.${index}.value`)} {...form.getInputProps(`variables.${index}.value`)} />
        </Group>
      ))}
    </Stack>
  );
}

/** Sandbox connection: a quick answer's text (copied, still editable) or typed text. */
function TextFields({ form }: { form: UseFormReturnType<CampaignFormValues> }) {
  const quick = useGqlQuery(QUICK_ANSWERS, { key: adminKey('quick-answers', 'campaign-options'), select: (data) => data.messageTemplates });
  const choose = (value: string | null) => {
    form.setFieldValue('message_template_id', value ?? '');
    const item = quick.data?.find((q) => String(q.id) === value);
    if (item) form.setFieldValue('message', item.value);
  };
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {t.form.sandboxHint}
      </Text>
      <Select
        label={t.form.quickAnswer}
        placeholder={t.form.quickAnswerPlaceholder}
        data={(quick.data ?? []).map((q) => ({ value: String(q.id), label: q.identifier }))}
        searchable
        clearable
        key={form.key('message_template_id')}
        {...form.getInputProps('message_template_id')}
        onChange={choose}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea label={t.form.text} description={t.form.textHint} autosize minRows={3} maxRows={8} key={form.key('message')} {...form.getInputProps('message')} />
    </Stack>
  );
}

/** What each recipient receives, by the kind of connection chosen. */
export function MessageFields({ form, official, instanceId }: { form: UseFormReturnType<CampaignFormValues>; official: boolean; instanceId: string }) {
  if (!instanceId) return <Alert variant="light">{t.form.chooseConnectionFirst}</Alert>;
  return official ? <TemplateFields form={form} instanceId={instanceId} /> : <TextFields form={form} />;
}
