import { Paper, Stack, Text } from '@mantine/core';
import { MarkupText } from '../../../ui/markup-text';

/**
 * Messages as the customer's phone shows them: incoming bubbles on the chat background. Colours
 * follow the colour scheme so the preview stays readable in dark mode.
 */
export function CustomerBubbles({ label, messages, empty }: { label: string; messages: readonly string[]; empty: string }) {
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
          messages.map((message, i) => (
            <Paper
              key={i}
              radius="md"
              px="sm"
              py={6}
              shadow="xs"
              maw="85%"
              style={{ background: 'light-dark(#ffffff, #202c33)', color: 'light-dark(#111b21, #e9edef)', borderTopLeftRadius: 0 }}
            >
              <Text size="sm" component="div">
                <MarkupText text={message} />
              </Text>
            </Paper>
          ))
        )}
      </Stack>
    </Paper>
  );
}
