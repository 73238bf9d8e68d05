import { Progress, Stack, Text } from '@mantine/core';
import { PASSWORD_STRENGTH_LABELS, passwordStrength } from '../../shared/domain/password';

const COLORS = { 50: 'red', 75: 'yellow', 100: 'teal' } as const;

/** SPEC §5: the password's score, 50, 75 or 100, as a bar and a word. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const score = passwordStrength(password);
  const label = `Força da senha: ${PASSWORD_STRENGTH_LABELS[score]}`;
  return (
    <Stack gap={4}>
      <Progress value={password ? score : 0} color={COLORS[score]} size="sm" aria-label={label} />
      <Text fz="xs" c="dimmed" aria-live="polite">
        {password ? label : 'Use ao menos 8 caracteres, com maiúsculas, minúsculas e símbolos.'}
      </Text>
    </Stack>
  );
}
