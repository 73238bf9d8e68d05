import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDate, formatTime, type Instant } from '../../../../shared/domain/datetime';

const when = (at: Instant | null | undefined) => (at ? `${formatDate(at)} ${formatTime(at)}` : '');
import { t } from '../texts';
import type { RecordId, TicketView } from '../model/types';
import { ticketState } from '../model/ticket-state';

/** The customer's tickets on this connection, newest first; choosing one jumps to its messages. */
export function PreviousTickets({
  tickets,
  currentId,
  attendantOf,
  onPick,
}: {
  tickets: readonly TicketView[];
  currentId: RecordId | null;
  attendantOf: (ticket: TicketView) => string | null;
  onPick: (ticket: TicketView) => void;
}) {
  if (tickets.length === 0) {
    return <Text c="dimmed" size="sm">{t.noPreviousTickets}</Text>;
  }
  return (
    <Stack gap={6} role="list" aria-label={t.previousTickets}>
      {tickets.map((ticket) => {
        const state = ticketState(ticket);
        const current = String(ticket.id) === String(currentId);
        return (
          <UnstyledButton
            key={String(ticket.id)}
            role="listitem"
            onClick={() => onPick(ticket)}
            aria-current={current ? 'true' : undefined}
            p={8}
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 8,
              background: current ? 'var(--mantine-primary-color-light)' : undefined,
            }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {ticket.protocol ? t.protocol(ticket.protocol) : `#${ticket.id}`}
              </Text>
              <Badge size="xs" variant="light" color={state === 'closed' ? 'gray' : 'teal'}>
                {t.state[state]}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {when(ticket.started_at ?? ticket.createdAt)}
              {ticket.finished_at ? ` → ${when(ticket.finished_at)}` : ''}
            </Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {t.attendant}: {attendantOf(ticket) ?? t.noAttendant}
              </Text>
              {ticket.grade != null && (
                <Badge size="xs" color="yellow">
                  {t.grade(ticket.grade)}
                </Badge>
              )}
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
