import { Button, CloseButton, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { duplicateRows, jsonFromRows, rowsFromJson, type ParamRow } from '../model/dialog-param-rows';
import { t } from '../texts';

interface Props {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** dialog_params as name/value pairs; the form keeps the object as JSON text for saving. */
export function DialogParamsField({ value, error, onChange }: Props) {
  const [original] = useState(value);
  const [rows, setRows] = useState<ParamRow[]>(() => rowsFromJson(value));
  const duplicates = duplicateRows(rows);

  const update = (next: ParamRow[]) => {
    setRows(next);
    onChange(jsonFromRows(next, original));
  };
  const edit = (index: number, patch: Partial<ParamRow>) => update(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <Input.Wrapper label={t.edit.dialogParams} description={t.edit.dialogParamsHint} error={error}>
      <Stack gap="xs" mt={6}>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.edit.paramsEmpty}
          </Text>
        ) : null}
        {rows.map((row, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={t.edit.paramName(index + 1)}
              placeholder={t.edit.paramNamePlaceholder}
              value={row.key}
              onChange={(event) => edit(index, { key: event.currentTarget.value })}
              error={duplicates.has(index) ? t.edit.paramDuplicate : undefined}
              style={{ flex: '0 0 40%' }}
              autoComplete="off"
            />
            <TextInput
              aria-label={t.edit.paramValue(index + 1)}
              placeholder={t.edit.paramValuePlaceholder}
              value={row.value}
              onChange={(event) => edit(index, { value: event.currentTarget.value })}
              style={{ flex: 1 }}
              autoComplete="off"
            />
            <CloseButton size="lg" mt={4} aria-label={t.edit.paramRemove(index + 1)} onClick={() => update(rows.filter((_, i) => i !== index))} />
          </Group>
        ))}
        <Group>
          <Button variant="default" size="xs" onClick={() => setRows([...rows, { key: '', value: '' }])}>
            {t.edit.paramAdd}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
