import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useRef } from 'react';
import { draftVariables } from '../model/template-draft';
import type { DraftErrors, TemplateDraft } from '../model/template-draft';
import { nextVariable } from '../model/variables';
import { t } from '../texts';

interface Props {
  draft: TemplateDraft;
  errors: DraftErrors;
  onChange: (patch: Partial<TemplateDraft>) => void;
}

/** Header, body (with 'Inserir variável' at the cursor), footer, and one example per variable. */
export function TemplateTextFields({ draft, errors, onChange }: Props) {
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const insertVariable = () => {
    const variable = nextVariable([draft.header, draft.body], draft.parameterFormat);
    const field = bodyRef.current;
    const start = field?.selectionStart ?? draft.body.length;
    const end = field?.selectionEnd ?? start;
    onChange({ body: draft.body.slice(0, start) + variable + draft.body.slice(end) });
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + variable.length, start + variable.length);
    });
  };

  const variables = draftVariables(draft);
  return (
    <Stack gap="sm">
      <TextInput
        label={t.add.header}
        description={t.add.headerHint}
        value={draft.header}
        onChange={(event) => onChange({ header: event.currentTarget.value })}
        error={errors.header}
      />
      <Stack gap={4}>
        <Textarea
          ref={bodyRef}
          label={t.add.body}
          description={t.add.bodyHint}
          value={draft.body}
          onChange={(event) => onChange({ body: event.currentTarget.value })}
          error={errors.body}
          required
          autosize
          minRows={4}
          maxRows={12}
        />
        <Group justify="space-between">
          <Button variant="light" size="xs" onClick={insertVariable} aria-label={t.add.addVariableLabel}>
            + {t.add.addVariable}
          </Button>
          <Text size="xs" c={draft.body.trim().length > 1024 ? 'red' : 'dimmed'} aria-live="polite">
            {draft.body.trim().length}/1024
          </Text>
        </Group>
      </Stack>
      <TextInput
        label={t.add.footer}
        description={t.add.footerHint}
        value={draft.footer}
        onChange={(event) => onChange({ footer: event.currentTarget.value })}
        error={errors.footer}
      />
      {variables.length > 0 ? (
        <Stack gap="xs">
          <div>
            <Text size="sm" fw={600}>
              {t.add.variables}
            </Text>
            <Text size="xs" c="dimmed">
              {t.add.variablesHint}
            </Text>
          </div>
          {variables.map(({ part, name, key }) => (
            <TextInput
              key={key}
              label={t.add.example(name, part)}
              value={draft.examples[key] ?? ''}
              onChange={(event) => onChange({ examples: { ...draft.examples, [key]: event.currentTarget.value } })}
              error={errors[`examples.${key}`]}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
