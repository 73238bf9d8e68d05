import { Paper, Stack, Text } from '@mantine/core';
import { MarkupText } from '../../../ui/markup-text';

/** A message of the preview: the store's text, or `{ customer }` for what the customer answers. */
export type PreviewMessage = string | { customer: string };

/**
 * Messages as the customer's phone shows them: the store's on the left, the customer's own answer
 * on the right, on the chat background. Colours follow the colour scheme so the preview stays
 * readable in dark mode.
 */
export function CustomerBubbles({ label, messages, empty }: { label: string; messages: readonly PreviewMessage[]; empty: string }) {
  return (
    <Paper
      component="figure"
      aria-label={label}
      radius="md"
      p="md"
      m={0}
      style={{ background: 'light-dark(#efe7dd, #0b141a)', minHeight: 120 }}
    >
      <Stack gap={6} align="flex-start">
        {messages.length === 0 ? (
          <Text size="sm" c="dimmed" fs="italic">
            {empty}
          </Text>
        ) : (
          messages.map((message, i) => {
            const own = typeof message !== 'string';
            return (
              <Paper
                key={i}
                radius="md"
                px="sm"
                py={6}
                shadow="xs"
                maw="85%"
                style={{
                  alignSelf: own ? 'flex-end' : undefined,
                  background: own ? 'light-dark(#d9fdd3, #005c4b)' : 'light-dark(#ffffff, #202c33)',
                  color: 'light-dark(#111b21, #e9edef)',
                  [own ? 'borderTopRightRadius' : 'borderTopLeftRadius']: 0,
                }}
              >
                <Text size="sm" component="div">
                  <MarkupText text={own ? message.customer : message} />
                </Text>
              </Paper>
            );
          })
        )}
      </Stack>
    </Paper>
  );
}
