import { FileInput, MultiSelect, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { parseAudienceCsv } from '../../../../shared/domain/campaigns/campaign-audience';
import { adminKey, useGqlQuery } from '../../../ui/admin';
import { CAMPAIGN_CATEGORIES, CAMPAIGN_GROUPS, CONTACT_SEARCH } from '../api/campaign-operations';
import type { CampaignFormValues } from '../model/campaign-form';
import { t } from '../texts';

const labelOf = (c: { name?: string | null; phone_number: string }) => (c.name ? `${c.name} (${c.phone_number})` : c.phone_number);

/** Contacts picked one by one, searched on the server by name or number as the user types. */
function ContactsPicker({ form }: { form: UseFormReturnType<CampaignFormValues> }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const found = useGqlQuery(CONTACT_SEARCH, {
    key: adminKey('campaigns', 'contacts'),
    variables: { search: debounced },
    enabled: debounced.length > 0,
    keepPrevious: true,
    select: (data) => data.scheduleRecipients,
  });
  const [chosen, setChosen] = useState<string[]>(form.getValues().customer_ids);
  form.watch('customer_ids', ({ value }) => setChosen(value));
  const options = new Map<string, string>(chosen.map((id) => [id, labels[id] ?? `#${id}`]));
  for (const c of found.data ?? []) options.set(c.id, labelOf(c));
  return (
    <MultiSelect
      label={t.form.contacts}
      placeholder={t.form.contactsSearch}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={[...options].map(([value, label]) => ({ value, label }))}
      value={chosen}
      onChange={(next) => {
        setLabels((known) => ({ ...known, ...Object.fromEntries(next.map((id) => [id, options.get(id) ?? known[id] ?? `#${id}`])) }));
        form.setFieldValue('customer_ids', next);
      }}
      comboboxProps={{ withinPortal: true }}
      hidePickedOptions
    />
  );
}

/** Who receives: groups, categories (contacts with tickets tagged so), picked contacts and a CSV of numbers. */
export function AudienceFields({ form, savedCsvNumbers }: { form: UseFormReturnType<CampaignFormValues>; savedCsvNumbers: number }) {
  const groups = useGqlQuery(CAMPAIGN_GROUPS, { key: adminKey('groups', 'campaign-options'), select: (data) => data.customerGroups });
  const categories = useGqlQuery(CAMPAIGN_CATEGORIES, { key: adminKey('categories', 'campaign-options'), select: (data) => data.categories });
  const [csvLines, setCsvLines] = useState<number | null>(null);
  const [csvFile, setCsvFile] = useState<File | null>(null);

  const chooseCsv = async (file: File | null) => {
    setCsvFile(file);
    const text = file ? await file.text() : '';
    form.setFieldValue('csv', text);
    form.setFieldValue('csv_name', file?.name ?? '');
    const parsed = text ? parseAudienceCsv(text) : null;
    setCsvLines(parsed ? parsed.recipients.length + parsed.invalid : null);
  };

  return (
    <Stack gap="sm">
      <MultiSelect
        label={t.form.groups}
        data={(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
        searchable
        clearable
        key={form.key('group_ids')}
        {...form.getInputProps('group_ids')}
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label={t.form.categories}
        description={t.form.categoriesHint}
        data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        searchable
        clearable
        key={form.key('category_ids')}
        {...form.getInputProps('category_ids')}
        comboboxProps={{ withinPortal: true }}
      />
      <ContactsPicker form={form} />
      <FileInput
        label={t.form.csv}
        description={savedCsvNumbers > 0 && !csvFile ? t.form.csvSaved(savedCsvNumbers) : t.form.csvHint}
        placeholder={t.form.csvPlaceholder}
        accept=".csv,text/csv,text/plain"
        clearable
        value={csvFile}
        onChange={(file) => void chooseCsv(file)}
      />
      {csvLines !== null && (
        <Text size="xs" c="dimmed">
          {t.form.csvRead(csvLines)}
        </Text>
      )}
    </Stack>
  );
}
