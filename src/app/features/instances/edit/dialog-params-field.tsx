import { Button, Group, Stack, Textarea } from '@mantine/core';
import { formatDialogParams, parseDialogParams } from '../model/edit-form';
import { t } from '../texts';

interface Props {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** dialog_params as JSON text, checked as it is typed; 'Formatar JSON' re-indents a valid object. */
export function DialogParamsField({ value, error, onChange }: Props) {
  const parsed = parseDialogParams(value);
  return (
    <Stack gap="xs">
      <Textarea
        label={t.edit.dialogParams}
        description={t.edit.dialogParamsHint}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error ?? (parsed.ok ? undefined : parsed.error)}
        autosize
        minRows={4}
        maxRows={14}
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          size="xs"
          disabled={!parsed.ok}
          onClick={() => {
            if (parsed.ok) onChange(formatDialogParams(parsed.value));
          }}
        >
          {t.edit.formatJson}
        </Button>
      </Group>
    </Stack>
  );
}
