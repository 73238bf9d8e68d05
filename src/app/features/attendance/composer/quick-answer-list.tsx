import { Paper, Text, UnstyledButton } from '@mantine/core';
import { stripMarkup } from '../../../../shared/domain/markup';
import { t } from '../texts';
import type { QuickAnswer } from '../model/types';

export const QUICK_ANSWER_LIST_ID = 'pb-att-quick-answers';
export const quickAnswerOptionId = (index: number) => `${QUICK_ANSWER_LIST_ID}-${index}`;

/** The `/` quick-answer suggestions; the composer's textarea keeps focus and drives the selection. */
export function QuickAnswerList({
  answers,
  active,
  onPick,
}: {
  answers: readonly QuickAnswer[];
  active: number;
  onPick: (answer: QuickAnswer) => void;
}) {
  return (
    <Paper shadow="md" withBorder radius="md" p={4} mb={6} style={{ maxHeight: 260, overflowY: 'auto' }}>
      <Text size="xs" c="dimmed" px={6} py={2}>
        {t.quickAnswers}
      </Text>
      {answers.length === 0 ? (
        <Text size="sm" c="dimmed" px={6} py={4}>
          {t.noQuickAnswers}
        </Text>
      ) : (
        <div role="listbox" id={QUICK_ANSWER_LIST_ID} aria-label={t.quickAnswers}>
          {answers.map((answer, index) => (
            <UnstyledButton
              key={String(answer.id)}
              id={quickAnswerOptionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(answer)}
              display="block"
              w="100%"
              px={8}
              py={4}
              style={{ borderRadius: 6, background: index === active ? 'var(--mantine-primary-color-light)' : undefined }}
            >
              <Text size="sm" fw={600}>
                /{answer.shortcut}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {stripMarkup(answer.message)}
              </Text>
            </UnstyledButton>
          ))}
        </div>
      )}
    </Paper>
  );
}
