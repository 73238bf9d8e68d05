import { Group, Input, Stack, Switch, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
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
                  <TimeField label={t.store.opens(name)} value={d.opens} readOnly={readOnly} onChange={(opens) => set(day, { opens })} />
                  <Text size="sm" c="dimmed">
                    às
                  </Text>
                  <TimeField label={t.store.closes(name)} value={d.closes} readOnly={readOnly} onChange={(closes) => set(day, { closes })} />
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

/**
 * HH:mm in 24 hours whatever the browser's own language: a native time input follows the
 * browser's locale, and an English one shows "06:00 PM" to a Brazilian store.
 */
function TimeField({ label, value, readOnly, onChange }: { label: string; value: string; readOnly: boolean; onChange: (value: string) => void }) {
  return (
    <TimePicker
      format="24h"
      value={value}
      readOnly={readOnly}
      onChange={(next) => {
        if (next) onChange(next.slice(0, 5));
      }}
      hoursInputLabel={t.store.hoursOf(label)}
      minutesInputLabel={t.store.minutesOf(label)}
      hoursInputProps={{ 'aria-readonly': readOnly }}
      minutesInputProps={{ 'aria-readonly': readOnly }}
      w={100}
    />
  );
}
