import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { newButton } from '../model/template-draft';
import type { ButtonKind, DraftButton, DraftErrors } from '../model/template-draft';
import { findVariables } from '../model/variables';
import { t } from '../texts';

interface Props {
  buttons: DraftButton[];
  errors: DraftErrors;
  onChange: (buttons: DraftButton[]) => void;
}

const KINDS: ReadonlyArray<{ kind: ButtonKind; label: string }> = [
  { kind: 'QUICK_REPLY', label: t.add.addQuickReply },
  { kind: 'URL', label: t.add.addUrl },
  { kind: 'PHONE_NUMBER', label: t.add.addPhone },
];

/** Quick replies, links and a phone button (Meta: up to 10, 2 links, 1 phone). */
export function TemplateButtonsField({ buttons, errors, onChange }: Props) {
  const update = (index: number, patch: Partial<DraftButton>) =>
    onChange(buttons.map((button, i) => (i === index ? { ...button, ...patch } : button)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t.add.buttons}
      </Text>
      {buttons.map((button, i) => {
        const n = i + 1;
        return (
          <Paper key={i} withBorder radius="sm" p="sm">
            <Stack gap="xs">
              <Group justify="space-between">
                <Badge variant="light">{t.add.buttonType[button.type]}</Badge>
                <ActionIcon variant="subtle" color="red" onClick={() => onChange(buttons.filter((_, j) => j !== i))} aria-label={t.add.removeButton(n)}>
                  <span aria-hidden="true">✕</span>
                </ActionIcon>
              </Group>
              <TextInput
                label={t.add.buttonText(n)}
                value={button.text}
                onChange={(event) => update(i, { text: event.currentTarget.value })}
                error={errors[`buttons.${i}.text`]}
                maxLength={40}
              />
              {button.type === 'URL' ? (
                <>
                  <TextInput
                    label={t.add.buttonUrl(n)}
                    description={t.add.buttonUrlHint}
                    value={button.url}
                    onChange={(event) => update(i, { url: event.currentTarget.value })}
                    error={errors[`buttons.${i}.url`]}
                    inputMode="url"
                  />
                  {findVariables(button.url).length > 0 ? (
                    <TextInput
                      label={t.add.buttonUrlExample(n)}
                      value={button.example}
                      onChange={(event) => update(i, { example: event.currentTarget.value })}
                      error={errors[`buttons.${i}.example`]}
                    />
                  ) : null}
                </>
              ) : null}
              {button.type === 'PHONE_NUMBER' ? (
                <TextInput
                  label={t.add.buttonPhone(n)}
                  value={button.phone_number}
                  onChange={(event) => update(i, { phone_number: event.currentTarget.value })}
                  error={errors[`buttons.${i}.phone_number`]}
                  inputMode="tel"
                />
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      {errors.buttons ? (
        <Text size="sm" c="red" role="alert">
          {errors.buttons}
        </Text>
      ) : null}
      <Group gap="xs">
        {KINDS.map(({ kind, label }) => (
          <Button key={kind} variant="default" size="xs" onClick={() => onChange([...buttons, newButton(kind)])} aria-label={t.add.addButtonLabel(label)}>
            + {label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
