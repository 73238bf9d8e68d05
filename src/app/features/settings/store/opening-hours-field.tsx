import { Group, Input, Stack, Switch, Text, TextInput } from '@mantine/core';
import { WEEKDAYS, type DayHours } from '../../../../shared/domain/opening-hours';
import { t } from '../texts';

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0];

interface Props {
  value: DayHours[];
  onChange: (value: DayHours[]) => void;
  readOnly: boolean;
  error?: string;
}

/** One row per weekday, Monday first: open or closed, and the opening and closing times (HH:mm). */
export function OpeningHoursField({ value, onChange, readOnly, error }: Props) {
  const dayOf = (day: number): DayHours => value.find((d) => d.day === day) ?? { day, open: false, opens: '08:00', closes: '18:00' };
  const set = (day: number, patch: Partial<DayHours>) => {
    const next = MONDAY_FIRST.map((d) => (d === day ? { ...dayOf(d), ...patch } : dayOf(d)));
    onChange(next);
  };
  return (
    <Input.Wrapper label={t.store.hours} description={t.store.hoursHint} error={error}>
      <Stack gap={6} mt={6}>
        {MONDAY_FIRST.map((day) => {
          const d = dayOf(day);
          const name = WEEKDAYS[day] ?? '';
          return (
            <Group key={day} gap="sm" wrap="nowrap">
              <Switch
                aria-label={t.store.open(name)}
                checked={d.open}
                disabled={readOnly}
                onChange={(event) => set(day, { open: event.currentTarget.checked })}
              />
              <Text size="sm" w={120}>
                {name}
              </Text>
              {d.open ? (
                <>
                  <TextInput type="time" aria-label={t.store.opens(name)} value={d.opens} readOnly={readOnly} onChange={(e) => set(day, { opens: e.currentTarget.value })} w={130} />
                  <Text size="sm" c="dimmed">
                    às
                  </Text>
                  <TextInput type="time" aria-label={t.store.closes(name)} value={d.closes} readOnly={readOnly} onChange={(e) => set(day, { closes: e.currentTarget.value })} w={130} />
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t.store.closed}
                </Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}
