import { List, Paper, Stack, Title } from '@mantine/core';
import { MarkupText } from '../../ui/markup-text';
import type { HelpSection } from './guide-content';

/** Sections of help text: a heading, paragraphs (WhatsApp markup) and steps. */
export function HelpSections({ sections }: { sections: readonly HelpSection[] }) {
  return (
    <Stack gap="md">
      {sections.map((section) => (
        <Paper key={section.title} withBorder radius="md" p="lg" component="section" aria-label={section.title}>
          <Stack gap="xs">
            <Title order={2} fz="h4">
              {section.title}
            </Title>
            {section.paragraphs?.map((p) => (
              <p key={p} style={{ margin: 0, lineHeight: 1.55 }}>
                <MarkupText text={p} />
              </p>
            ))}
            {section.steps ? (
              <List type={section.steps.length > 3 ? 'ordered' : 'unordered'} spacing={4}>
                {section.steps.map((step) => (
                  <List.Item key={step}>{step}</List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
